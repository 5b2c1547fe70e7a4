import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { MemberInfo } from '@pcb/contract';
import { useAppStore } from '../../../lib/app-store';
import { loadMemberInfo, memberInfoQueryOptions } from '../../../lib/member-info';
import { errorMessage } from '../../../components/feedback';
import { PageError, PageLoading } from '../../../components/page-status';

/** Renders `children` with the member's info once the guard has loaded it. */
export function MemberInfoGate({ children }: { children: (info: MemberInfo) => ReactNode }) {
  const memberInfo = useAppStore((s) => s.memberInfo);
  // The guard does the fetching; this observer only reports how it went.
  const query = useQuery({ ...memberInfoQueryOptions(), enabled: false });
  if (memberInfo) return children(memberInfo);
  if (query.isError && !query.isFetching) {
    return (
      <PageError
        message={errorMessage(query.error, '会员信息加载失败')}
        onRetry={() => void loadMemberInfo().catch(() => undefined)}
      />
    );
  }
  return <PageLoading />;
}
