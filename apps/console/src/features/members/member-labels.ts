import type { StaffMemberRow } from '@pcb/contract/staff-member';

export const memberStatusTags: Record<StaffMemberRow['status'], { label: string; color: string }> =
  {
    inactive: { label: '未激活', color: 'default' },
    active: { label: '正常', color: 'green' },
    disabled: { label: '已停用', color: 'red' },
  };

export const memberTypeNames: Record<StaffMemberRow['memberType'], string> = {
  personal: '个人',
  company: '企业',
};
