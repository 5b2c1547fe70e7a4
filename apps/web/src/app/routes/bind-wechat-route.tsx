import { BindWechatPage } from '../../features/account-security/pages/bind-wechat-page';
import { BindProofForm } from '../../features/auth/components/bind-proof-form';
import { SwitchedBanner } from '../../features/relations/components/switched-banner';

export default function BindWechatRoute() {
  return (
    <BindWechatPage
      switchedBanner={<SwitchedBanner />}
      renderBindForm={({ openId, ownMobile, onBound }) => (
        <BindProofForm
          openId={openId}
          ownMobile={ownMobile}
          submitText="绑定当前微信"
          onBound={onBound}
        />
      )}
    />
  );
}
