import { Link } from 'react-router';
import { List } from 'antd-mobile';
import { paths } from '../../../lib/paths';
import { useRelationContext } from '../../../lib/relation-context';
import { errorMessage } from '../../../components/feedback';
import { PageError, PageLoading } from '../../../components/page-status';
import { useRelationList } from '../api/get-relation-list';
import { memberDetails } from '../member-details';
import { useSwitchAccount } from '../use-switch-account';
import '../relations.css';

/**
 * The approved related accounts a main member can act in, each a tap away. While switched,
 * the server refuses relation calls (decision 0009): the banner's 切回主账号 is the way out.
 */
export function AccountSwitcher() {
  const context = useRelationContext();
  const switched = context.data?.isSwitched === true;
  const list = useRelationList(context.isSuccess && !switched);
  const { switchTo, pending } = useSwitchAccount();

  if (context.isPending || (!switched && list.isPending)) return <PageLoading />;
  if (context.isError || list.isError) {
    return (
      <PageError
        message={errorMessage(context.error ?? list.error, '关联账号加载失败')}
        onRetry={() => void (context.isError ? context.refetch() : list.refetch())}
      />
    );
  }
  if (switched) {
    return (
      <div className="switcher-empty" data-testid="switcher-switched">
        切回主账号后，可切换到其他关联账号。
      </div>
    );
  }
  const approved = list.data?.related.filter((r) => r.status === 'approved') ?? [];
  if (approved.length === 0) {
    return (
      <div className="switcher-empty" data-testid="switcher-empty">
        暂无可切换的关联账号。
        <Link to={paths.associatedAccount} className="tap-target" data-testid="switcher-manage">
          去添加关联账号
        </Link>
      </div>
    );
  }
  return (
    <List className="switcher-list">
      {approved.map((relation) => (
        <List.Item
          key={relation.id}
          data-testid="switch-account"
          data-member-id={relation.member.id}
          disabled={pending}
          description={memberDetails(relation.member)}
          extra="切换"
          onClick={() => void switchTo(relation.member)}
        >
          {relation.member.displayName}
        </List.Item>
      ))}
    </List>
  );
}
