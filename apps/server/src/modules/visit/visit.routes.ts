import { api } from '@pcb/contract';
import type { DefineRoute } from '../../http/define-route';
import type { VisitService } from './visit.service';

export function registerVisitRoutes(route: DefineRoute, visits: VisitService): void {
  route(api.CKInfo.Add, async ({ input, ip, member, request }) =>
    visits.record({
      visit: input,
      ip,
      userAgent: request.headers['user-agent'],
      memberId: member?.id ?? null,
    }),
  );
}
