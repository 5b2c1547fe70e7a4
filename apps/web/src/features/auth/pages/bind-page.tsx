import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from 'antd-mobile';
import { isLoggedIn } from '../../../lib/auth-session';
import { paths } from '../../../lib/paths';
import { useWechatOpenId } from '../../../lib/use-wechat-open-id';
import { isMiniProgram, isWeChatBrowser } from '../../../lib/wechat';
import { useOpenIdBinding } from '../../../lib/wechat-binding';
import { openIdLogin } from '../../../lib/wechat-login';
import { PageHeader } from '../../../components/page-header';
import { PageError, PageLoading } from '../../../components/page-status';
import { errorMessage, showFail } from '../../../components/feedback';
import { CheckCircleIcon, WechatIcon } from '../../../components/icons';
import { BindProofForm } from '../components/bind-proof-form';
import { AuthHero } from '../components/auth-hero';
import { continueAfterLogin } from '../continue-after-login';
import '../auth.css';

function LoginLinks() {
  return (
    <div className="auth-links auth-links-split">
      <Link to={paths.login} data-testid="bind-link-login">
        账号密码登录
      </Link>
      <Link to={paths.register} data-testid="bind-link-register">
        注册新账号
      </Link>
    </div>
  );
}

/** For a member already logged in: the links of a guest give way to the member centre. */
function MemberLinks() {
  return (
    <div className="auth-links">
      <Link to={paths.member} data-testid="bind-link-member">
        返回会员中心
      </Link>
    </div>
  );
}

/**
 * /bind (public): binds the WeChat this page runs in to a member account, or logs in with the
 * account it is bound to already. Outside WeChat it explains where binding works. A member who
 * arrives logged in is offered the member centre, not a login, and binds this WeChat to the
 * account in use under 账户安全 › 微信绑定 (which needs no second proof of another account).
 */
export function BindPage() {
  const navigate = useNavigate();
  // As the member arrived: binding here logs in, and the page must not change under the form.
  const [arrivedLoggedIn] = useState(() => isLoggedIn());
  const links = arrivedLoggedIn ? <MemberLinks /> : <LoginLinks />;
  const miniProgram = isMiniProgram();
  const inWechat = isWeChatBrowser() && !miniProgram;
  const { openId, status: acquisition, acquire: retry } = useWechatOpenId(inWechat);
  const binding = useOpenIdBinding(openId);
  const [loggingIn, setLoggingIn] = useState(false);

  const loginAsBound = async () => {
    if (!openId) return;
    setLoggingIn(true);
    try {
      const { accessToken } = await openIdLogin(openId);
      await continueAfterLogin(accessToken, navigate);
    } catch (error) {
      showFail(errorMessage(error, '登录失败，请稍后重试'));
    } finally {
      setLoggingIn(false);
    }
  };

  let body;
  if (!openId && !inWechat) {
    body = (
      <div className="auth-card auth-notice" data-testid="bind-outside-wechat">
        <WechatIcon className="auth-notice-icon" />
        <h2 className="auth-notice-title">请在微信中打开</h2>
        <p className="auth-notice-text">
          {miniProgram
            ? '小程序内暂不支持绑定微信。请在微信中打开会员中心（例如从公众号菜单进入），即可把微信绑定到您的账号。'
            : '绑定微信需要在微信内完成：请用微信打开会员中心（例如从公众号菜单进入），绑定后即可免密登录。'}
        </p>
        {arrivedLoggedIn ? (
          <Button
            block
            color="primary"
            shape="rounded"
            onClick={() => void navigate(paths.member)}
            data-testid="bind-back-member"
          >
            返回会员中心
          </Button>
        ) : (
          <Button block color="primary" shape="rounded" onClick={() => void navigate(paths.login)}>
            去登录
          </Button>
        )}
      </div>
    );
  } else if (!openId) {
    body =
      acquisition === 'failed' ? (
        <div className="auth-card">
          <PageError message="未能获取微信身份，请稍后重试" onRetry={retry} />
          {links}
        </div>
      ) : (
        <div className="auth-card">
          <PageLoading text="正在获取微信身份" />
        </div>
      );
  } else if (binding.isPending) {
    body = (
      <div className="auth-card">
        <PageLoading />
      </div>
    );
  } else if (binding.isError) {
    body = (
      <div className="auth-card">
        <PageError
          message={errorMessage(binding.error, '加载失败')}
          onRetry={() => void binding.refetch()}
        />
      </div>
    );
  } else if (binding.data.isBound) {
    body = (
      <div className="auth-card auth-notice" data-testid="bind-bound">
        <CheckCircleIcon className="auth-notice-icon" />
        <h2 className="auth-notice-title">当前微信已绑定账号</h2>
        <p className="auth-notice-text">
          绑定的手机号：
          <span className="auth-notice-strong" data-testid="bind-bound-mobile">
            {binding.data.mobileMasked}
          </span>
        </p>
        <Button
          block
          color="primary"
          size="large"
          shape="rounded"
          loading={loggingIn}
          loadingText="登录中"
          onClick={() => void loginAsBound()}
          data-testid="bind-openid-login"
        >
          进入会员中心
        </Button>
        {links}
      </div>
    );
  } else if (arrivedLoggedIn) {
    body = (
      <div className="auth-card auth-notice" data-testid="bind-logged-in">
        <WechatIcon className="auth-notice-icon" />
        <h2 className="auth-notice-title">当前微信尚未绑定</h2>
        <p className="auth-notice-text">
          您已登录会员中心。要把当前微信绑定到正在使用的账号，请前往 账户安全 › 微信绑定。
        </p>
        <Button
          block
          color="primary"
          shape="rounded"
          onClick={() => void navigate(paths.bindWechat)}
          data-testid="bind-go-bind-wechat"
        >
          前往微信绑定
        </Button>
        <MemberLinks />
      </div>
    );
  } else {
    body = (
      <div className="auth-card" data-testid="bind-form">
        <p className="auth-intro">
          当前微信尚未绑定会员账号。验证账号后完成绑定，以后在微信中打开即可免密登录。
        </p>
        <BindProofForm
          openId={openId}
          submitText="绑定并登录"
          onBound={(accessToken) => continueAfterLogin(accessToken, navigate, '绑定成功')}
        />
        {links}
      </div>
    );
  }

  return (
    <div className="auth-page" data-testid="bind-page">
      <PageHeader>绑定账号</PageHeader>
      <AuthHero title="绑定微信" />
      {body}
    </div>
  );
}
