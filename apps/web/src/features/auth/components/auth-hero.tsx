import { LogoMark } from '../../../components/logo-mark';

/** Brand block at the top of the login and register screens. */
export function AuthHero({ title }: { title: string }) {
  return (
    <header className="auth-hero">
      <LogoMark className="auth-hero-logo" size={52} />
      <div className="auth-hero-text">
        <h1 className="auth-hero-title">{title}</h1>
        <p className="auth-hero-sub">PCB 打样 · SMT 贴片 · 钢网制作</p>
      </div>
    </header>
  );
}
