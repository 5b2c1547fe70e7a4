import type { Receiver } from '@pcb/contract';
import type { Platform } from '../../platform';
import { appModule } from '../app-module';
import { COUNTRY, type RegionApi } from '../region/region.module';
import { createReceiverRepository } from './receiver.repository';
import { registerReceiverRoutes } from './receiver.routes';
import { seedReceivers } from './receiver.seed';
import { createReceiverService } from './receiver.service';

export {
  RECEIVER_LIMIT_MESSAGE,
  RECEIVER_NOT_FOUND_MESSAGE,
  REGION_NOT_FOUND_MESSAGE,
} from './receiver.service';

export interface MemberReceiverApi {
  /** The member's address by id; null when it does not exist or is another member's. */
  findForMember: (memberId: number, id: number) => Promise<Receiver | null>;
  /** The member's default address, else the most recently created or edited; null if none. */
  defaultOrLast: (memberId: number) => Promise<Receiver | null>;
}

/**
 * A member's shipping addresses (`MemberReceiver`): one default while any exist, a cap per
 * member, regions checked against the division codes. Quotes and orders read them through the
 * API (`findForMember`, `defaultOrLast`).
 */
export const memberReceiverModule = appModule({
  seed: seedReceivers,
  create: ({ db, now }: Pick<Platform, 'db' | 'now'>, { region }: { region: RegionApi }) => {
    const receivers = createReceiverService({
      repository: createReceiverRepository(db),
      regions: region,
      country: COUNTRY,
      now,
    });
    const api: MemberReceiverApi = {
      findForMember: receivers.findForMember,
      defaultOrLast: receivers.defaultOrLast,
    };
    return { api, routes: (route) => registerReceiverRoutes(route, receivers) };
  },
});
