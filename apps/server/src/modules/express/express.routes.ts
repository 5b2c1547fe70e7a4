import { Express } from '@pcb/contract/express';
import type { DefineRoute } from '../../http/define-route';
import type { ExpressService } from './express.service';

/** The acting member's parcels (the related account's while switched). */
export function registerExpressRoutes(route: DefineRoute, express: ExpressService): void {
  route(Express.GetExpressData, async ({ input, requireMember }) =>
    express.getExpressData(requireMember().id, input),
  );
}
