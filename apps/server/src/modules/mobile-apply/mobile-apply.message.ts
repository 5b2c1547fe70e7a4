import { maskMobile } from '@pcb/contract';
import type { MessageDraft } from '../member-message/member-message.module';
import type { MobileApplyRow } from './mobile-apply.table';

/** The site message telling the member the outcome (decision 0043). */
export const mobileApplyMessage = (row: MobileApplyRow): MessageDraft =>
  row.status === 'approved'
    ? {
        memberId: row.memberId,
        category: 'system',
        title: '更换手机号申请已通过',
        content: `您的会员账号手机号已更换为${maskMobile(row.newMobile)}，请使用新手机号登录。`,
        link: '/userInfo',
      }
    : {
        memberId: row.memberId,
        category: 'system',
        title: '更换手机号申请未通过',
        content: `驳回原因：${row.decisionNote ?? ''}`,
        link: '/userInfo/editPhone',
      };
