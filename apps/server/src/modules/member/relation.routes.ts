import { api } from '@pcb/contract';
import type { DefineRoute } from '../../http/define-route';
import type { RelationService } from './relation.service';

export function registerRelationRoutes(route: DefineRoute, relations: RelationService): void {
  const R = api.MemberRelationApprove;

  route(R.GetRelationListForMember, async ({ requireMember }) =>
    relations.list(requireMember().id),
  );

  route(R.Apply, async ({ input, requireOwnAccount }) =>
    relations.apply(requireOwnAccount().id, input.mobile),
  );

  route(R.Approve, async ({ input, requireOwnAccount }) =>
    relations.decide(requireOwnAccount().id, input.id, 'approved'),
  );

  route(R.Reject, async ({ input, requireOwnAccount }) =>
    relations.decide(requireOwnAccount().id, input.id, 'rejected'),
  );

  route(R.Delete, async ({ input, requireOwnAccount }) =>
    relations.delete(requireOwnAccount().id, input.id),
  );

  route(R.SwitchMember, async ({ input, requireMember }) =>
    relations.switchTo(requireMember(), input.id),
  );

  route(R.SwitchRelationMainMember, async ({ requireMember }) =>
    relations.switchBack(requireMember()),
  );

  route(api.MemberInfo.GetRelationMember, async ({ requireMember }) =>
    relations.context(requireMember()),
  );
}
