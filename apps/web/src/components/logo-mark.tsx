import logoMarkUrl from '../assets/logo-mark.svg';

/**
 * The brand mark: a chip with four traces on an orange tile (src/assets/logo-mark.svg, also
 * the source of the favicon and app icons, see scripts/render-icons.mjs). Decorative beside
 * the page title, so it has no text of its own.
 */
export function LogoMark({ className, size = 40 }: { className?: string; size?: number }) {
  return (
    <img
      className={className}
      src={logoMarkUrl}
      width={size}
      height={size}
      alt=""
      aria-hidden="true"
      data-testid="logo-mark"
    />
  );
}
