import { MemberReceiver } from '@pcb/contract/member-receiver';
import type { DefineRoute } from '../../http/define-route';
import type { MemberReceiverService } from './member-receiver.service';

export function registerMemberReceiverRoutes(
  route: DefineRoute,
  receivers: MemberReceiverService,
): void {
  route(MemberReceiver.Get, async ({ input, requireMember }) =>
    receivers.get(requireMember().id, input.id),
  );
  route(MemberReceiver.GetPagedList, async ({ input, requireMember }) =>
    receivers.list(requireMember().id, input),
  );
  route(MemberReceiver.getDefaultOrLast, async ({ requireMember }) =>
    receivers.defaultOrLast(requireMember().id),
  );
  route(MemberReceiver.Create, async ({ input, requireMember }) =>
    receivers.create(requireMember().id, input),
  );
  route(MemberReceiver.Update, async ({ input, requireMember }) =>
    receivers.update(requireMember().id, input.id, input),
  );
  route(MemberReceiver.UpdateDefault, async ({ input, requireMember }) =>
    receivers.setDefault(requireMember().id, input.id),
  );
  route(MemberReceiver.Delete, async ({ input, requireMember }) =>
    receivers.delete(requireMember().id, input.id),
  );
}
