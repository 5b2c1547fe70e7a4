import { MemberCompanyApply } from '@pcb/contract/member-company-apply';
import { downloadEndpointFile } from '../../../lib/download';

/** Saves 企业认证申请函.pdf, filled with the member's details, to print, sign and stamp. */
export const downloadApplyTemplate = () =>
  downloadEndpointFile(MemberCompanyApply.GetApplyFileTemplate);
