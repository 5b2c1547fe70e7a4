import type { StaffMobileApply } from '@pcb/contract/staff-mobile-apply';

export const applyStatusTags: Record<StaffMobileApply['status'], { label: string; color: string }> =
  {
    pending: { label: '待审核', color: 'orange' },
    approved: { label: '已通过', color: 'green' },
    rejected: { label: '已驳回', color: 'red' },
  };
