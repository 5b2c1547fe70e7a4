import type { ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { ShieldIcon } from '../../../components/icons';
import { errorMessage, showFail, showSuccess } from '../../../components/feedback';
import { useActivate } from '../api/activate';

/** Shown while memberInfo.status is 'inactive' (an account opened for the member by staff). */
export function ActivationBanner({ agreementLink }: { agreementLink?: ReactNode }) {
  const activation = useActivate();
  const activate = async () => {
    try {
      await activation.mutateAsync();
      showSuccess('账号已激活');
    } catch (error) {
      showFail(errorMessage(error, '激活失败，请稍后重试'));
    }
  };
  return (
    <section className="member-banner" data-testid="activation-banner">
      <ShieldIcon className="member-banner-icon" />
      <div className="member-banner-text">
        <div className="member-banner-title">账号尚未激活</div>
        <div className="member-banner-desc">
          激活后即可在线下单。激活即表示您已阅读并同意{agreementLink ?? '《会员服务协议》'}
        </div>
      </div>
      <Button
        size="small"
        color="primary"
        shape="rounded"
        loading={activation.isPending}
        onClick={() => void activate()}
        data-testid="member-activate"
      >
        立即激活
      </Button>
    </section>
  );
}
