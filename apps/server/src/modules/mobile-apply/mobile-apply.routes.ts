import { api } from '@pcb/contract';
import { StaffMobileApply } from '@pcb/contract/staff-mobile-apply';
import type { DefineRoute } from '../../http/define-route';
import type { MobileApplyReviewService } from './mobile-apply-review.service';
import type { MobileApplyService } from './mobile-apply.service';

export function registerMobileApplyRoutes(
  route: DefineRoute,
  applies: MobileApplyService,
  review: MobileApplyReviewService,
): void {
  route(api.MemberUpMobileApply.Create, async ({ input, ip, requireOwnAccount }) =>
    applies.create(requireOwnAccount().id, input, ip),
  );
  route(api.MemberUpMobileApply.GetLatest, async ({ requireOwnAccount }) =>
    review.latestOf(requireOwnAccount().id),
  );

  route(StaffMobileApply.List, async ({ input }) => review.list(input, input));
  route(StaffMobileApply.Get, async ({ input }) => review.get(input.id));
  route(StaffMobileApply.Approve, async ({ input, write }) => review.approve(write(), input.id));
  route(StaffMobileApply.Reject, async ({ input, write }) =>
    review.reject(write(), input.id, input.reason),
  );
}
