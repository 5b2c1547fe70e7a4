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

/** Fen as yuan: 123456 → ¥1,234.56. */
export function formatFen(fen: number): string {
  return `¥${(fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}
