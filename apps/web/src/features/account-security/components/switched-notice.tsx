import type { ReactNode } from 'react';
import { useRelationContext } from '../../../lib/relation-context';
import { errorMessage } from '../../../components/feedback';
import { PageError, PageLoading } from '../../../components/page-status';

/**
 * Account security belongs to the account's owner: while a main member acts in a related
 * account the server refuses these calls (decision 0009), so the page says so instead.
 */
export function OwnerOnly({
  switchedBanner,
  children,
}: {
  switchedBanner?: ReactNode;
  children: ReactNode;
}) {
  const context = useRelationContext();
  if (context.isPending) return <PageLoading />;
  if (context.isError) {
    return (
      <PageError
        message={errorMessage(context.error, '加载失败')}
        onRetry={() => void context.refetch()}
      />
    );
  }
  if (!context.data.isSwitched) return children;
  return (
    <>
      {switchedBanner}
      <section className="security-card security-notice" data-testid="security-switched">
        当前以关联账号身份操作。账户安全设置仅限账号本人，请切回主账号后再操作。
      </section>
    </>
  );
}
