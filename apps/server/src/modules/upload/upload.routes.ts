import { api } from '@pcb/contract';
import type { DefineRoute } from '../../http/define-route';
import type { UploadService } from './upload.service';

export function registerUploadRoutes(route: DefineRoute, uploads: UploadService): void {
  route(api.Common.getUploadCode, async ({ input, requireMember }) =>
    uploads.issueTicket(requireMember().id, input),
  );
}
