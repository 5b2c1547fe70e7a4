import { useNavigate } from 'react-router';
import { Button } from 'antd-mobile';
import { allowWechatLogin, hasLoggedOutByChoice } from '../../../lib/auth-session';
import { isExternalPath, paths } from '../../../lib/paths';
import { takeReturnPath } from '../../../lib/return-url';
import { isMiniProgram, isWeChatBrowser } from '../../../lib/wechat';

/**
 * Inside the WeChat browser, after the member logged out on purpose, the silent openId login
 * waits for them (decision 0011). This is the tap that brings it back: the guard of the page
 * they continue to logs them in with WeChat (or offers /bind when WeChat knows no account).
 */
export function WechatLoginEntry() {
  const navigate = useNavigate();
  if (!isWeChatBrowser() || isMiniProgram() || !hasLoggedOutByChoice()) return null;

  const logInWithWechat = () => {
    allowWechatLogin();
    const destination = takeReturnPath();
    void navigate(isExternalPath(destination) ? paths.member : destination, { replace: true });
  };

  return (
    <div className="auth-wechat">
      <Button
        block
        size="large"
        shape="rounded"
        fill="outline"
        onClick={logInWithWechat}
        data-testid="login-wechat"
      >
        微信一键登录
      </Button>
    </div>
  );
}
