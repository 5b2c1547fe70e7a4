import { Button } from 'antd-mobile';
import { memberDisplayName, useMemberInfo } from '../../../lib/member-info';
import type { RelationContext } from '@pcb/contract';
import { useSwitchAccount } from '../use-switch-account';
import '../relations.css';

/** The banner itself, loaded only for a member who is acting in a related account. */
export default function SwitchedBannerBody({ main }: { main: RelationContext['mainMember'] }) {
  const { data: memberInfo } = useMemberInfo();
  const { switchBack, pending } = useSwitchAccount();
  return (
    <section className="switched-banner" role="status" data-testid="switched-banner">
      <div className="switched-banner-text">
        <div className="switched-banner-title">
          当前以关联账号「{memberInfo ? memberDisplayName(memberInfo) : '…'}」身份操作
        </div>
        {main && (
          <div className="switched-banner-desc">
            主账号：{main.displayName}（{main.mobileMasked}）
          </div>
        )}
      </div>
      <Button
        size="small"
        color="primary"
        shape="rounded"
        loading={pending}
        onClick={() => void switchBack(main?.displayName)}
        data-testid="switch-back"
      >
        切回主账号
      </Button>
    </section>
  );
}
