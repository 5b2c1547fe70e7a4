import { api } from '@pcb/contract';
import type { DefineRoute } from '../../http/define-route';
import type { MobileApplyService } from './mobile-apply.service';

export function registerMobileApplyRoutes(route: DefineRoute, applies: MobileApplyService): void {
  route(api.MemberUpMobileApply.Create, async ({ input, ip, requireOwnAccount }) =>
    applies.create(requireOwnAccount().id, input, ip),
  );
}
