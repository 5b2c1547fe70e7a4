import { api } from '@pcb/contract';
import { StaffUpload } from '@pcb/contract/staff-upload';
import type { DefineRoute } from '../../http/define-route';
import type { UploadService } from './upload.service';

export function registerUploadRoutes(route: DefineRoute, uploads: UploadService): void {
  route(api.Common.getUploadCode, async ({ input, requireMember }) =>
    uploads.issueTicket(requireMember().id, input),
  );
  route(StaffUpload.GetUploadCode, async ({ input, write }) => {
    const { staff, audit } = write();
    const { key, ...ticket } = await uploads.issueStaffTicket(staff.id, input);
    await audit('upload', key, null, { dirType: input.dirType, key });
    return ticket;
  });
}
