import type { StaffAnnouncement } from '@pcb/contract/staff-announcement';

/** Where the member centre shows it (GetEffectiveAnnouncement's `type`). */
export const announcementTypeNames: Record<StaffAnnouncement['type'], string> = {
  home: '首页',
  member: '会员中心',
  login: '登录页',
  register: '注册页',
};

export const announcementStateTags: Record<
  StaffAnnouncement['state'],
  { label: string; color: string }
> = {
  scheduled: { label: '未开始', color: 'blue' },
  active: { label: '展示中', color: 'green' },
  ended: { label: '已结束', color: 'default' },
};
