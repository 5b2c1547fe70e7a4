import { MemberCompanyApply } from '@pcb/contract/member-company-apply';
import { StaffCompanyApply } from '@pcb/contract/staff-company-apply';
import type { DefineRoute } from '../../http/define-route';
import type { CompanyApplyReviewService } from './company-apply-review.service';
import type { CompanyApplyService } from './company-apply.service';

export function registerCompanyApplyRoutes(
  route: DefineRoute,
  applies: CompanyApplyService,
  review: CompanyApplyReviewService,
): void {
  route(MemberCompanyApply.Get, async ({ requireMember }) => applies.get(requireMember().id));
  route(MemberCompanyApply.Save, async ({ input, requireOwnAccount }) =>
    applies.save(requireOwnAccount().id, input),
  );
  route(MemberCompanyApply.Update, async ({ input, requireOwnAccount }) =>
    applies.update(requireOwnAccount().id, input),
  );
  route(MemberCompanyApply.GetApplyFileTemplate, async ({ requireMember }) =>
    applies.letter(requireMember().id),
  );

  route(StaffCompanyApply.List, async ({ input }) => review.list(input, input));
  route(StaffCompanyApply.Get, async ({ input }) => review.get(input.id));
  route(StaffCompanyApply.Approve, async ({ input, write }) => review.approve(write(), input.id));
  route(StaffCompanyApply.Reject, async ({ input, write }) =>
    review.reject(write(), input.id, input.reason),
  );
}
