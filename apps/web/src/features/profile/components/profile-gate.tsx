import type { ReactNode } from 'react';
import type { MemberInfo } from '@pcb/contract';
import { useMemberInfo } from '../../../lib/member-info';
import { errorMessage } from '../../../components/feedback';
import { PageError, PageLoading } from '../../../components/page-status';

/** Renders `children` with the member's info once it has loaded; loading and error otherwise. */
export function ProfileGate({ children }: { children: (info: MemberInfo) => ReactNode }) {
  const query = useMemberInfo();
  if (query.data) return children(query.data);
  if (query.isError && !query.isFetching) {
    return (
      <PageError
        message={errorMessage(query.error, '会员信息加载失败')}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <PageLoading />;
}
