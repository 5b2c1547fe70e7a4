import type { StaffCompanyApply } from '@pcb/contract/staff-company-apply';

export const companyApplyStatusTags: Record<
  StaffCompanyApply['status'],
  { label: string; color: string }
> = {
  pending: { label: '待审核', color: 'orange' },
  approved: { label: '已通过', color: 'green' },
  rejected: { label: '已驳回', color: 'red' },
};
