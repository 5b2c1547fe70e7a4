import type { Receiver } from '@pcb/contract';
import type { Platform } from '../../platform';
import { appModule } from '../app-module';
import { COUNTRY, type RegionApi } from '../region/region.module';
import { createMemberReceiverRepository } from './member-receiver.repository';
import { registerMemberReceiverRoutes } from './member-receiver.routes';
import { seedMemberReceivers } from './member-receiver.seed';
import { createMemberReceiverService } from './member-receiver.service';

export {
  RECEIVER_LIMIT_MESSAGE,
  RECEIVER_NOT_FOUND_MESSAGE,
  REGION_NOT_FOUND_MESSAGE,
} from './member-receiver.service';

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
  seed: seedMemberReceivers,
  create: ({ db, now }: Pick<Platform, 'db' | 'now'>, { region }: { region: RegionApi }) => {
    const receivers = createMemberReceiverService({
      repository: createMemberReceiverRepository(db),
      regions: region,
      country: COUNTRY,
      now,
    });
    const api: MemberReceiverApi = {
      findForMember: receivers.findForMember,
      defaultOrLast: receivers.defaultOrLast,
    };
    return { api, routes: (route) => registerMemberReceiverRoutes(route, receivers) };
  },
});
