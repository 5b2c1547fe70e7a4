import { memberPoints, type MemberPoints } from './member-points';
import type { Executor } from '../../db/client';
import { createAuthenticate, type Authenticate } from '../../http/auth';
import type { Platform } from '../../platform';
import type { MemberGradeApi } from '../member-grade/member-grade.module';
import type { StaffApi } from '../staff/staff.module';
import { createMemberConsoleRepository } from './member-console.repository';
import { createMemberConsoleService, type MemberConsoleService } from './member-console.service';
import { appModule } from '../app-module';
import { DEMO_MEMBER_MOBILES, seedMembers } from './member.seed';
import { createMemberProfileRepository } from './member-profile.repository';
import { createMemberProfileService, type MemberProfileService } from './member-profile.service';
import { createMemberRepository } from './member.repository';
import { registerMemberRoutes } from './member.routes';
import { createMemberService, type MemberService } from './member.service';
import { createRelationRepository } from './relation.repository';
import { registerRelationRoutes } from './relation.routes';
import { createRelationService } from './relation.service';
import { createTokenService, type TokenService } from './token.service';

export { displayNameOf, MOBILE_TAKEN_MESSAGE } from './member.service';
export { maskName } from './member-console.service';
export { DEMO_MEMBER_MOBILES, DEMO_MOBILE, memberIdByMobile } from './member.seed';
export { memberPoints } from './member-points';
export type { Member, MemberForToken, MemberService } from './member.service';
export type { TokenService } from './token.service';
export type { MemberConsoleService } from './member-console.service';
export type { MemberProfileService } from './member-profile.service';

export interface MemberApi {
  /** Members as views: never a password hash (decision 0009 for what a switch may see). */
  members: MemberService;
  /** How staff lists name their rows' members, by id (`member.namesOf(ids).get(id)`). */
  namesOf: MemberService['namesOf'];
  /** Access tokens of member sessions. */
  tokens: TokenService;
  /** Who is calling: the token checked against the member, its session and its relation. */
  authenticate: Authenticate;
  /** Members as staff search, see (masked) and change them (StaffMember). */
  console: MemberConsoleService;
  /** The member's own profile fields; certified members' companies for the directory. */
  profiles: Pick<MemberProfileService, 'searchCertifiedCompanies'>;
  /**
   * Whether the member is one of the seeded demo members (the demo factory moves their new
   * orders); on the caller's transaction when given.
   */
  isDemo: (memberId: number, ex?: Executor) => Promise<boolean>;
  /** The points balance, changed only through the points module (decision 0073). */
  points: MemberPoints;
}

/** Members, their sessions and tokens, and the relations that let one act for another. */
export const memberModule = appModule({
  seed: seedMembers,
  create: (
    {
      config,
      db,
      store,
      sms,
      now,
      logError,
    }: Pick<Platform, 'config' | 'db' | 'store' | 'sms' | 'now' | 'logError'>,
    { staff, memberGrade }: { staff: StaffApi; memberGrade: MemberGradeApi },
  ) => {
    const memberRepository = createMemberRepository(db);
    const members = createMemberService({
      repository: memberRepository,
      now,
      agreementVersion: config.memberAgreementVersion,
      grades: memberGrade,
    });
    const tokens = createTokenService(config.jwt, now, { create: members.createSession });
    const relations = createRelationService({
      repository: createRelationRepository(db),
      members,
      store,
      sms,
      now,
      issueToken: tokens.issue,
      onNoticeError: logError('relation request SMS failed'),
    });
    const profiles = createMemberProfileService({
      repository: createMemberProfileRepository(db),
      members,
      now,
    });
    const authenticate = createAuthenticate({
      verifyToken: tokens.verify,
      loadMember: members.findAuthState,
      loadSwitch: relations.findSwitchState,
    });
    return {
      api: {
        members,
        namesOf: members.namesOf,
        tokens,
        authenticate,
        console: createMemberConsoleService({
          repository: createMemberConsoleRepository(db),
          staff,
          grades: memberGrade,
          now,
        }),
        profiles,
        isDemo: (memberId, ex) => memberRepository.hasMobileIn(memberId, DEMO_MEMBER_MOBILES, ex),
        points: memberPoints,
      } satisfies MemberApi,
      routes: (route) => {
        registerMemberRoutes(route, members, profiles);
        registerRelationRoutes(route, relations);
      },
    };
  },
});
