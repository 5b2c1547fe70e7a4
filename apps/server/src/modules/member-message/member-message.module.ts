import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Platform } from '../../platform';
import { appModule, type SeedTx } from '../app-module';
import { createMemberMessageRepository } from './member-message.repository';
import { registerMemberMessageRoutes } from './member-message.routes';
import { createMemberMessageService, type MemberMessageService } from './member-message.service';

export type { MessageDraft } from './member-message.service';

/** What other modules use to tell a member something (order events, EQ, approvals). */
export interface MemberMessageApi {
  /**
   * Writes the message in the caller's transaction: it exists exactly when the event that
   * caused it committed. An invalid draft (a link outside the site) throws and rolls it back.
   */
  sendIn: MemberMessageService['sendIn'];
  /** Writes the message on its own (an event with no transaction of its own, a job). */
  send: MemberMessageService['send'];
}

/** For other modules' seeds: site messages written in the seed's transaction, dated by `now`. */
export const seedMessageSender = (tx: SeedTx, now: Clock): MemberMessageApi['sendIn'] =>
  createMemberMessageService({
    repository: createMemberMessageRepository(tx as unknown as Db),
    now,
  }).sendIn;

/** Site messages (MemberMessage): the member's message centre, /InfoList. */
export const memberMessageModule = appModule({
  create: ({ db, now }: Pick<Platform, 'db' | 'now'>) => {
    const messages = createMemberMessageService({
      repository: createMemberMessageRepository(db),
      now,
    });
    return {
      api: { sendIn: messages.sendIn, send: messages.send } satisfies MemberMessageApi,
      routes: (route) => registerMemberMessageRoutes(route, messages),
    };
  },
});
