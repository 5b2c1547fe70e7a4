import { StaffAudit } from '@pcb/contract/staff-audit';
import type { DefineRoute } from '../../http/define-route';
import type { AuditService } from './audit.service';

export function registerAuditRoutes(route: DefineRoute, audit: AuditService): void {
  route(StaffAudit.List, async ({ input }) =>
    audit.list(
      {
        staffId: input.staffId,
        action: input.action || undefined,
        objectType: input.objectType || undefined,
        objectId: input.objectId || undefined,
        from: input.from ? new Date(input.from) : undefined,
        to: input.to ? new Date(input.to) : undefined,
      },
      input,
    ),
  );
}
