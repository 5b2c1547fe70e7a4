import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { StaffAudit } from '@pcb/contract/staff-audit';
import { StaffAuth } from '@pcb/contract/staff-auth';
import { StaffMember } from '@pcb/contract/staff-member';
import { mockApi, ok, refuse } from '@pcb/client/test';
import {
  apiCall,
  endpointQueryOptions,
  queryClient,
  setCsrfToken,
  setUnauthorizedHandler,
  useEndpointMutation,
} from './api';
import { page } from '../test/fixtures';

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

afterEach(() => {
  vi.unstubAllGlobals();
  setUnauthorizedHandler(null);
});

// What the console adds to the shared client (packages/client tests the rest).
describe("the console's client", () => {
  it('sends the session’s CSRF token once there is one', async () => {
    const { requests } = mockApi({ 'GET /api/StaffMember/Get': () => refuse(404, '会员不存在') });
    await apiCall(StaffMember.Get, { id: 7 }).catch(() => undefined);
    setCsrfToken('csrf-1');
    await apiCall(StaffMember.Get, { id: 7 }).catch(() => undefined);
    expect(requests[0]?.headers.has('X-CSRF-Token')).toBe(false);
    expect(requests[1]?.headers.get('X-CSRF-Token')).toBe('csrf-1');
    expect(requests[1]?.credentials).toBe('same-origin');
  });

  it('ends the session on a staff call’s 401, not on a login step’s', async () => {
    const ended = vi.fn();
    setUnauthorizedHandler(ended);
    mockApi({
      'GET /api/StaffMember/Get': () => refuse(401, '登录已过期，请重新登录'),
      'POST /api/StaffAuth/Login': () => refuse(401, '用户名或密码错误'),
    });
    await expect(
      apiCall(StaffAuth.Login, { userName: 'demo.admin', password: 'wrong' }),
    ).rejects.toMatchObject({ status: 401 });
    expect(ended).not.toHaveBeenCalled();
    await expect(apiCall(StaffMember.Get, { id: 7 })).rejects.toMatchObject({ status: 401 });
    expect(ended).toHaveBeenCalledOnce();
  });

  it('fetches the audit log on screen again after any staff write', async () => {
    let auditCalls = 0;
    mockApi({
      'GET /api/StaffAudit/List': () => {
        auditCalls += 1;
        return ok(page([]));
      },
      'POST /api/StaffMember/SetStatus': () => ok({ ok: true }),
    });
    const audit = endpointQueryOptions(StaffAudit.List, { page: 1, pageSize: 20 });
    await queryClient.fetchQuery(audit);
    const observer = renderHook(() => useQuery(audit), { wrapper });
    const { result } = renderHook(
      () => useEndpointMutation(StaffMember.SetStatus, { invalidates: [StaffMember.Get] }),
      { wrapper },
    );
    await act(() =>
      result.current.mutateAsync({ id: 7, status: 'disabled', reason: '客户要求停用' }),
    );
    expect(auditCalls).toBe(2);
    observer.unmount();
  });
});
