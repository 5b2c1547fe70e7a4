import { MemberPointHistory, MemberSignIn, StaffPoint } from '@pcb/contract/member-point';
import type { DefineRoute } from '../../http/define-route';
import type { MemberPointService } from './member-point.service';

/** Points and the daily sign-in (the related account's while switched), and 运营's rules. */
export function registerMemberPointRoutes(route: DefineRoute, points: MemberPointService): void {
  route(MemberPointHistory.GetList, async ({ input, requireMember }) =>
    points.history(requireMember().id, input),
  );
  route(MemberPointHistory.GetEarnedPoints, async ({ input, requireMember }) =>
    points.earned(requireMember().id, input),
  );
  route(MemberPointHistory.GetSummary, async ({ requireMember }) => {
    const member = requireMember();
    return points.summary(member.id, member.profile.points);
  });
  route(MemberPointHistory.GetRules, async () => points.rules());

  route(MemberSignIn.SignIn, async ({ requireMember }) => points.signIn(requireMember().id));
  route(MemberSignIn.GetEarnedPoints, async ({ requireMember }) =>
    points.signInEarned(requireMember().id),
  );
  route(MemberSignIn.GetSigninCardList, async ({ requireMember }) =>
    points.card(requireMember().id),
  );

  route(StaffPoint.GetRules, async () => points.rules());
  route(StaffPoint.SetRules, async ({ input, write }) => points.setRules(write(), input));
}
