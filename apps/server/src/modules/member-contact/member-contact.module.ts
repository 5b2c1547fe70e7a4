import type { MemberContact } from '@pcb/contract';
import type { Platform } from '../../platform';
import { appModule } from '../app-module';
import { createMemberContactRepository } from './member-contact.repository';
import { registerMemberContactRoutes } from './member-contact.routes';
import { seedMemberContacts } from './member-contact.seed';
import { createMemberContactService } from './member-contact.service';

export interface MemberContactApi {
  /** The member's contact by id; null when it does not exist or is another member's. */
  findOwned: (memberId: number, id: number) => Promise<MemberContact | null>;
}

/** The member's order contacts (采购, 技术, 财务), exactly one main contact per type. */
export const memberContactModule = appModule({
  seed: seedMemberContacts,
  create: ({ db, now }: Pick<Platform, 'db' | 'now'>) => {
    const contacts = createMemberContactService({
      repository: createMemberContactRepository(db),
      now,
    });
    return {
      api: { findOwned: contacts.findOwned } satisfies MemberContactApi,
      routes: (route) => registerMemberContactRoutes(route, contacts),
    };
  },
});
