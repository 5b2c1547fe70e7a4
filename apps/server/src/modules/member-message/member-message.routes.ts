import { MemberMessage } from '@pcb/contract/member-message';
import type { DefineRoute } from '../../http/define-route';
import type { MemberMessageService } from './member-message.service';

/** The acting member's messages (the related account's while switched, decision 0043). */
export function registerMemberMessageRoutes(
  route: DefineRoute,
  messages: MemberMessageService,
): void {
  route(MemberMessage.GetUnReadNum, async ({ requireMember }) =>
    messages.unreadCounts(requireMember().id),
  );
  route(MemberMessage.GetList, async ({ input, requireMember }) =>
    messages.list(
      requireMember().id,
      { category: input.category, isRead: input.isRead },
      input.page,
      input.pageSize,
    ),
  );
  route(MemberMessage.SetIsRead, async ({ input, requireMember }) =>
    messages.setRead(requireMember().id, input.id),
  );
  route(MemberMessage.SetAllMessagesToReaded, async ({ input, requireMember }) =>
    messages.setAllRead(requireMember().id, input.category),
  );
  route(MemberMessage.GetMbComprehensiveMessages, async ({ requireMember }) =>
    messages.summary(requireMember().id),
  );
}
