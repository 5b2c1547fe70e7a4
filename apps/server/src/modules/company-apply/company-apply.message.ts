import type { MessageDraft } from '../member-message/member-message.module';
import type { CompanyApplyRow } from './company-apply.table';

/** The site message telling the member the outcome (decision 0043). */
export const companyApplyMessage = (row: CompanyApplyRow): MessageDraft =>
  row.status === 'approved'
    ? {
        memberId: row.memberId,
        category: 'system',
        title: '企业认证已通过',
        content: `您提交的企业认证（${row.companyName}）已通过审核。`,
        link: '/firmCertification',
      }
    : {
        memberId: row.memberId,
        category: 'system',
        title: '企业认证未通过',
        content: `您提交的企业认证（${row.companyName}）未通过审核，驳回原因：${row.rejectReason ?? ''}。请修改后重新提交。`,
        link: '/firmCertification',
      };
