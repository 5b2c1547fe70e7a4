import type { StaffRole } from '@pcb/contract';
import type { StaffSession } from '@pcb/contract/staff-common';
import type { StaffMemberDetail, StaffMemberRow } from '@pcb/contract/staff-member';
import type { StaffMobileApply } from '@pcb/contract/staff-mobile-apply';

export const CSRF = 'csrf-token-1';

export function sessionFixture(roles: StaffRole[] = ['admin']): StaffSession {
  return {
    staff: { id: 1, userName: 'demo.admin', realName: '王管理', roles, totpEnabled: true },
    csrfToken: CSRF,
    idleTimeoutSeconds: 1800,
  };
}

export const memberRowFixture: StaffMemberRow = {
  id: 7,
  mobileMasked: '138****8000',
  userName: 'zhang',
  realNameMasked: '张*',
  companyName: '示例电子',
  memberType: 'company',
  status: 'active',
  gradeName: '银牌',
  manager: null,
  createdAt: '2026-01-01T00:00:00Z',
};

export const memberDetailFixture: StaffMemberDetail = {
  ...memberRowFixture,
  points: 120,
  balance: 12345,
  agreementVersion: '1',
  source: 'h5',
  activeSessions: 1,
  wechatBindings: 0,
};

export const applyFixture: StaffMobileApply = {
  id: 3,
  member: { id: 7, displayName: '张*' },
  oldMobileMasked: '138****8000',
  newMobileMasked: '139****9000',
  reason: '原手机号已注销，无法接收短信',
  status: 'pending',
  rejectReason: null,
  decidedBy: null,
  decidedAt: null,
  submittedAt: '2026-03-01T08:00:00Z',
};

export const page = <T>(items: T[]) => ({ items, total: items.length, page: 1, pageSize: 20 });
