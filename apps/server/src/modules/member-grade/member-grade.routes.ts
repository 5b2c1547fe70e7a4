import { MemberGrade } from '@pcb/contract/member-grade';
import { StaffMemberGrade } from '@pcb/contract/staff-member-grade';
import type { DefineRoute } from '../../http/define-route';
import type { MemberGradeService } from './member-grade.service';

export function registerMemberGradeRoutes(route: DefineRoute, grades: MemberGradeService): void {
  route(MemberGrade.Get, async ({ requireMember }) => grades.get(requireMember().id));
  route(StaffMemberGrade.Get, async () => grades.config());
  route(StaffMemberGrade.Update, async ({ input, write }) => grades.update(write(), input.levels));
}
