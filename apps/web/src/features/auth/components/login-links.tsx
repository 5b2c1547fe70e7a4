import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** Below a login form: the other way of logging in, and registration. */
export function LoginLinks({ other }: { other: 'password' | 'sms' }) {
  return (
    <div className="auth-links auth-links-split">
      {other === 'sms' ? (
        <Link to={paths.smsLogin} replace data-testid="link-sms-login">
          短信验证码登录
        </Link>
      ) : (
        <Link to={paths.login} replace data-testid="link-password-login">
          密码登录
        </Link>
      )}
      <span>
        还没有账号？
        <Link to={paths.register} data-testid="link-register">
          立即注册
        </Link>
      </span>
    </div>
  );
}
