import { api } from '@pcb/contract';
import { StaffUpload } from '@pcb/contract/staff-upload';
import type { DefineRoute } from '../../http/define-route';
import { AppError } from '../../http/errors';
import type { UploadService } from './upload.service';

export function registerUploadRoutes(route: DefineRoute, uploads: UploadService): void {
  route(api.Common.getUploadCode, async ({ input, requireMember }) =>
    uploads.issueTicket(requireMember().id, input),
  );
  route(StaffUpload.GetUploadCode, async ({ input, write }) => {
    const { staff, audit } = write();
    // Each use its own staff: engineers' question images, finance's invoices.
    const may =
      staff.roles.includes('admin') ||
      (input.dirType === 'invoicePdf'
        ? staff.roles.includes('finance')
        : staff.roles.includes('engineer'));
    if (!may) throw new AppError(403, '无权上传此类文件');
    const { key, ...ticket } = await uploads.issueStaffTicket(staff.id, input);
    await audit('upload', key, null, { dirType: input.dirType, key });
    return ticket;
  });
}
