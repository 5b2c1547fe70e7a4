// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { EndpointDef } from '@pcb/contract';
import { MemberAdmin } from '@pcb/contract/member-admin';
import { MemberRelationApprove } from '@pcb/contract/member-relation';
import { StaffAudit } from '@pcb/contract/staff-audit';
import { StaffAuth } from '@pcb/contract/staff-auth';
import { StaffMember } from '@pcb/contract/staff-member';
import { createClient } from './client';
import { endpointKey, isStaffWrite } from './endpoint-query';
import { mockApi, ok, refuse, type Handler } from './test/api-mock';

const memberClient = () => createClient({ apiBase: '', staleTime: 30_000 });
const staffClient = () =>
  createClient({ apiBase: '', staleTime: 10_000, staffWriteInvalidates: [StaffAudit.List] });

const wrapperOf =
  (queryClient: QueryClient) =>
  ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );

/** A handler that counts how often it was asked. */
const counted = (answer: () => ReturnType<Handler>) => {
  let calls = 0;
  return {
    handler: () => {
      calls += 1;
      return answer();
    },
    calls: () => calls,
  };
};

afterEach(() => vi.unstubAllGlobals());

describe('endpoint queries', () => {
  it('key the answer by module, action and input, and say whose answer it is', () => {
    const { endpointQueryOptions } = memberClient();
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

  it('keep the previous input’s answer on screen while the next loads, when asked', async () => {
    const client = staffClient();
    let release: () => void = () => {};
    mockApi({
      'GET /api/StaffMember/Search': (request) =>
        request.url.searchParams.get('page') === '1'
          ? ok({ items: [], total: 21, page: 1, pageSize: 20 })
          : new Promise((resolve) => {
              release = () => resolve(ok({ items: [], total: 21, page: 2, pageSize: 20 }));
            }),
    });
    const { result, rerender } = renderHook(
      ({ page }) =>
        client.useEndpointQuery(StaffMember.Search, { page, pageSize: 20 }, { keepPrevious: true }),
      { wrapper: wrapperOf(client.queryClient), initialProps: { page: 1 } },
    );
    await waitFor(() => expect(result.current.data?.page).toBe(1));
    rerender({ page: 2 });
    await waitFor(() => expect(result.current.isPlaceholderData).toBe(true));
    expect(result.current.data?.page).toBe(1);
    act(() => release());
    await waitFor(() => expect(result.current.data?.page).toBe(2));
  });
});

describe('endpoint mutations', () => {
  const relationList = () => counted(() => ok({ related: [], mainMembers: [] }));
  const approved = {
    id: 7,
    status: 'approved',
    member: { id: 2, displayName: '张三', mobileMasked: '138****8000', companyName: null },
    createdAt: '2026-11-24T00:00:00.000Z',
    decidedAt: '2026-11-24T01:00:00.000Z',
  };

  it('fetch again what they declare they change, once they succeed', async () => {
    const client = memberClient();
    const list = relationList();
    const { requests } = mockApi({
      'GET /api/MemberRelationApprove/GetRelationListForMember': list.handler,
      'POST /api/MemberRelationApprove/Approve': () => ok(approved),
    });
    const listOptions = client.endpointQueryOptions(
      MemberRelationApprove.GetRelationListForMember,
      { isMobile: 'true' },
    );
    await client.queryClient.fetchQuery(listOptions);
    const wrapper = wrapperOf(client.queryClient);
    // On screen, as a page would show it: invalidation fetches it again at once.
    const observer = renderHook(() => useQuery(listOptions), { wrapper });
    const { result } = renderHook(
      () =>
        client.useEndpointMutation(MemberRelationApprove.Approve, {
          invalidates: [MemberRelationApprove.GetRelationListForMember],
          toInput: (id: number) => ({ id }),
        }),
      { wrapper },
    );
    await act(() => result.current.mutateAsync(7));
    // The mutation resolved only after the list on screen was fetched again.
    expect(list.calls()).toBe(2);
    expect(requests.find((r) => r.url.pathname.endsWith('/Approve'))?.body).toEqual({ id: 7 });
    observer.unmount();
  });

  it('leave everything as it was when they fail', async () => {
    const client = memberClient();
    const list = relationList();
    mockApi({
      'GET /api/MemberRelationApprove/GetRelationListForMember': list.handler,
      'POST /api/MemberRelationApprove/Approve': () => refuse(409, '该关联申请已处理'),
    });
    const listOptions = client.endpointQueryOptions(
      MemberRelationApprove.GetRelationListForMember,
      { isMobile: 'true' },
    );
    await client.queryClient.fetchQuery(listOptions);
    const { result } = renderHook(
      () =>
        client.useEndpointMutation(MemberRelationApprove.Approve, {
          invalidates: [MemberRelationApprove.GetRelationListForMember],
          toInput: (id: number) => ({ id }),
        }),
      { wrapper: wrapperOf(client.queryClient) },
    );
    await act(async () => {
      await expect(result.current.mutateAsync(7)).rejects.toMatchObject({ status: 409 });
    });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(client.queryClient.getQueryState(listOptions.queryKey)?.isInvalidated).toBe(false);
    expect(list.calls()).toBe(1);
  });
});

describe('a staff write', () => {
  const emptyPage = { items: [], total: 0, page: 1, pageSize: 20 };
  const auditInput = { page: 1, pageSize: 20 };

  /** The audit log fetched once and on screen, and a mutation of `endpoint` ready to run. */
  async function setUp(
    client: ReturnType<typeof staffClient>,
    endpoint: EndpointDef,
    handlers: Record<string, Handler>,
  ) {
    const audit = counted(() => ok(emptyPage));
    mockApi({ 'GET /api/StaffAudit/List': audit.handler, ...handlers });
    const auditOptions = client.endpointQueryOptions(StaffAudit.List, auditInput);
    await client.queryClient.fetchQuery(auditOptions);
    const wrapper = wrapperOf(client.queryClient);
    const observer = renderHook(() => useQuery(auditOptions), { wrapper });
    const mutation = renderHook(() => client.useEndpointMutation(endpoint, { invalidates: [] }), {
      wrapper,
    });
    const auditUntouched = () => {
      expect(client.queryClient.getQueryState(auditOptions.queryKey)?.isInvalidated).toBe(false);
      expect(audit.calls()).toBe(1);
    };
    return { audit, auditUntouched, observer, mutation };
  }
  const revealed = { 'POST /api/StaffMember/Reveal': () => ok({ value: '13800138000' }) };
  const reveal = { id: 7, field: 'mobile' } as const;

  it('is a staff endpoint that is not a GET, as the server audits it', () => {
    expect(isStaffWrite(StaffMember.Reveal)).toBe(true);
    expect(isStaffWrite(StaffAuth.Logout)).toBe(true);
    expect(isStaffWrite(StaffMember.Get)).toBe(false);
    expect(isStaffWrite(StaffAuth.Login)).toBe(false);
    expect(isStaffWrite(MemberRelationApprove.Approve)).toBe(false);
  });

  it('fetches the audit log again by itself, though its mutation lists nothing', async () => {
    const client = staffClient();
    const { audit, mutation, observer } = await setUp(client, StaffMember.Reveal, revealed);
    await act(() => mutation.result.current.mutateAsync(reveal));
    // Awaited like a declared invalidation: the log on screen already has the new row.
    expect(audit.calls()).toBe(2);
    observer.unmount();
  });

  it('leaves the audit log alone when it is refused', async () => {
    const client = staffClient();
    const { auditUntouched, mutation, observer } = await setUp(client, StaffMember.Reveal, {
      'POST /api/StaffMember/Reveal': () => refuse(403, '没有权限执行此操作'),
    });
    await act(async () => {
      await expect(mutation.result.current.mutateAsync(reveal)).rejects.toMatchObject({
        status: 403,
      });
    });
    auditUntouched();
    observer.unmount();
  });

  it('is not a public call that succeeds (a login step writes no audit row)', async () => {
    const client = staffClient();
    const { auditUntouched, mutation, observer } = await setUp(client, StaffAuth.Login, {
      'POST /api/StaffAuth/Login': () => ok({ next: 'totp', challenge: 'c1' }),
    });
    await act(() =>
      mutation.result.current.mutateAsync({ userName: 'demo.admin', password: 'secret' }),
    );
    auditUntouched();
    observer.unmount();
  });

  it('changes nothing more in a client that names nothing for staff writes', async () => {
    const client = memberClient();
    const { auditUntouched, mutation, observer } = await setUp(
      client,
      StaffMember.Reveal,
      revealed,
    );
    await act(() => mutation.result.current.mutateAsync(reveal));
    auditUntouched();
    observer.unmount();
  });
});
