import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemberRelationApprove } from '@pcb/contract/member-relation';
import { MemberAdmin } from '@pcb/contract/member-admin';
import { envelope, mockApi } from '../test/api-mock';
import { endpointKey, endpointQueryOptions, useEndpointMutation } from './endpoint-query';
import { queryClient } from './query-client';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

beforeEach(() => queryClient.clear());
afterEach(() => vi.unstubAllGlobals());

describe('endpoint queries', () => {
  it('key the answer by module, action and input, and say whose answer it is', () => {
    const list = endpointQueryOptions(MemberRelationApprove.GetRelationListForMember, {
      isMobile: 'true',
    });
    expect(list.queryKey).toEqual([
      'MemberRelationApprove',
      'GetRelationListForMember',
      { isMobile: 'true' },
    ]);
    expect(list.meta).toEqual({ access: 'member' });
    expect(endpointKey(MemberAdmin.Get, {})).toEqual(['MemberAdmin', 'Get']);
  });
});

describe('endpoint mutations', () => {
  const listAnswers = () => {
    let calls = 0;
    return {
      handler: () => {
        calls += 1;
        return { body: envelope({ related: [], mainMembers: [] }) };
      },
      calls: () => calls,
    };
  };

  it('fetch again what they declare they change, once they succeed', async () => {
    const list = listAnswers();
    const { requests } = mockApi({
      'GET /api/MemberRelationApprove/GetRelationListForMember': list.handler,
      'POST /api/MemberRelationApprove/Approve': () => ({
        body: envelope({
          id: 7,
          status: 'approved',
          member: { id: 2, displayName: '张三', mobileMasked: '138****8000', companyName: null },
          createdAt: '2026-11-24T00:00:00.000Z',
          decidedAt: '2026-11-24T01:00:00.000Z',
        }),
      }),
    });
    const listOptions = endpointQueryOptions(MemberRelationApprove.GetRelationListForMember, {
      isMobile: 'true',
    });
    await queryClient.fetchQuery(listOptions);
    // On screen, as a page would show it: invalidation fetches it again at once.
    const observer = renderHook(() => useQuery(listOptions), { wrapper });
    const { result } = renderHook(
      () =>
        useEndpointMutation(MemberRelationApprove.Approve, {
          invalidates: [MemberRelationApprove.GetRelationListForMember],
          toInput: (id: number) => ({ id }),
        }),
      { wrapper },
    );
    await act(() => result.current.mutateAsync(7));
    // The mutation resolved only after the list on screen was fetched again.
    expect(list.calls()).toBe(2);
    const approve = requests.find((r) => r.url.pathname.endsWith('/Approve'));
    expect(approve?.body).toEqual({ id: 7 });
    observer.unmount();
  });

  it('leave everything as it was when they fail', async () => {
    const list = listAnswers();
    mockApi({
      'GET /api/MemberRelationApprove/GetRelationListForMember': list.handler,
      'POST /api/MemberRelationApprove/Approve': () => ({
        status: 409,
        body: envelope(null, false, '该关联申请已处理'),
      }),
    });
    const listOptions = endpointQueryOptions(MemberRelationApprove.GetRelationListForMember, {
      isMobile: 'true',
    });
    await queryClient.fetchQuery(listOptions);
    const { result } = renderHook(
      () =>
        useEndpointMutation(MemberRelationApprove.Approve, {
          invalidates: [MemberRelationApprove.GetRelationListForMember],
          toInput: (id: number) => ({ id }),
        }),
      { wrapper },
    );
    await act(async () => {
      await expect(result.current.mutateAsync(7)).rejects.toMatchObject({ status: 409 });
    });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(queryClient.getQueryState(listOptions.queryKey)?.isInvalidated).toBe(false);
    expect(list.calls()).toBe(1);
  });
});
