import {
  maskMobile,
  type AccountManager,
  type AgreementSignature,
  type MemberInfo,
  type MemberRef,
} from '@pcb/contract';
import { AppError } from '../../http/errors';
import type { MemberProfile } from '../../http/auth';
import type { Clock } from '../../lib/clock';
import type { MemberGradeApi } from '../member-grade/member-grade.module';
import type { MemberRow } from './member.table';
import type { MemberRepository, NewMember } from './member.repository';

/** How another member is named on screens: real name, else user name, else masked mobile. */
export function displayNameOf(row: Pick<MemberRow, 'realName' | 'userName' | 'mobile'>): string {
  return row.realName || row.userName || maskMobile(row.mobile);
}

export type { MemberRow };

/** How a list names a member who is no longer there. */
export const missingMemberName = (id: number): string => `#${id}`;

/**
 * A member as other modules see it: the row without its secrets (password hashes) and without
 * the token version. The full row stays in this module.
 */
export type Member = Omit<MemberRow, 'passwordHash' | 'paymentPasswordHash' | 'tokenVersion'>;
/** A member about to be issued a token: the token version, and still no secret. */
export type MemberForToken = Member & { tokenVersion: number };

const withoutSecrets = ({
  passwordHash: _password,
  paymentPasswordHash: _paymentPassword,
  tokenVersion: _tokenVersion,
  ...member
}: MemberRow): Member => member;
const forToken = (row: MemberRow): MemberForToken => ({
  ...withoutSecrets(row),
  tokenVersion: row.tokenVersion,
});

export const MOBILE_TAKEN_MESSAGE = '该手机号已被其他账号使用';

export interface MemberServiceDeps {
  repository: MemberRepository;
  now: Clock;
  agreementVersion: string;
  grades: Pick<MemberGradeApi, 'nameOf'>;
}

/** A member's row without its secrets: what the member's own view is made of. */
export type MemberViewRow = Omit<
  MemberRow,
  | 'passwordHash'
  | 'paymentPasswordHash'
  | 'tokenVersion'
  | 'source'
  | 'agreementSignedAt'
  | 'accountManagerId'
  | 'registeredFrom'
  | 'bdVid'
  | 'updatedAt'
> & { hasPassword: boolean; hasPaymentPassword: boolean };

export function createMemberService({
  repository,
  now,
  agreementVersion,
  grades,
}: MemberServiceDeps) {
  const toProfile = (row: MemberRow): MemberProfile =>
    viewToInfo({
      ...row,
      hasPassword: row.passwordHash !== null,
      hasPaymentPassword: row.paymentPasswordHash !== null,
    });

  const viewToInfo = (row: MemberViewRow): MemberProfile => ({
    id: row.id,
    mobile: row.mobile,
    userName: row.userName,
    realName: row.realName,
    companyName: row.companyName,
    memberType: row.memberType,
    qq: row.qq,
    contactPhone: row.contactPhone,
    certifiedAt: row.certifiedAt?.toISOString() ?? null,
    status: row.status,
    points: row.points,
    balance: row.balance,
    hasPassword: row.hasPassword,
    hasPaymentPassword: row.hasPaymentPassword,
    agreementVersion: row.agreementVersion,
    agreementCurrent: row.agreementVersion === agreementVersion,
    createdAt: row.createdAt.toISOString(),
  });

  /** The grade is computed from the payments on each read (decision 0071). */
  const withGrade = async (profile: MemberProfile): Promise<MemberInfo> => ({
    ...profile,
    gradeName: await grades.nameOf(profile.id),
  });

  // The token was valid a moment ago; a member deleted since is a logged-out member.
  const gone = () => new AppError(401, '登录已失效，请重新登录');
  const mustFind = async (id: number) => {
    const row = await repository.findById(id);
    if (!row) throw gone();
    return row;
  };

  /** Revoking writes return the member's new token version, for the session that asked. */
  const revoked = (row: { id: number; tokenVersion: number } | undefined) => {
    if (!row) throw new AppError(401, '登录已失效，请重新登录');
    return row;
  };

  return {
    /** For authentication: the member's own view, token version and session state. */
    async findAuthState(id: number, sessionOwnerId: number, sessionId: string) {
      const row = await repository.findAuthState(id, sessionOwnerId, sessionId);
      if (!row) return null;
      const { tokenVersion, sessionLive, ...view } = row;
      return { tokenVersion, sessionLive, profile: viewToInfo(view) };
    },

    withGrade,

    createSession: repository.createSession,

    /** Logout on this device: its session ends, other devices stay logged in. */
    async revokeSession(memberId: number, sessionId: string) {
      await repository.revokeSession(memberId, sessionId, now());
    },

    /** Every device of the member is logged out. */
    async revokeAllSessions(memberId: number) {
      return revoked(await repository.revokeAllSessions(memberId, now()));
    },

    /** The member; 401 when the member is gone (its token was valid a moment ago). */
    async get(id: number): Promise<Member> {
      return withoutSecrets(await mustFind(id));
    },

    async findById(id: number): Promise<Member | undefined> {
      const row = await repository.findById(id);
      return row && withoutSecrets(row);
    },

    async findByMobile(mobile: string): Promise<Member | undefined> {
      const row = await repository.findByMobile(mobile);
      return row && withoutSecrets(row);
    },

    async findByIds(ids: number[]): Promise<Member[]> {
      return (await repository.findByIds(ids)).map(withoutSecrets);
    },

    /**
     * The names of a list's members, in one query: every id asked has an entry (`#id` for a
     * member no longer there), so a row never lacks its member. Repeated ids are asked once.
     */
    async namesOf(ids: Iterable<number>): Promise<Map<number, MemberRef>> {
      const unique = [...new Set(ids)];
      const found = new Map(
        (await repository.namePartsOf(unique)).map((m) => [m.id, displayNameOf(m)]),
      );
      return new Map(
        unique.map((id) => [id, { id, displayName: found.get(id) ?? missingMemberName(id) }]),
      );
    },

    /** As get, with the token version, for a token (switching back to the main member). */
    async getForToken(id: number): Promise<MemberForToken> {
      return forToken(await mustFind(id));
    },

    /** As findById and findByMobile, with the token version, for a token. */
    async findForToken(by: { id: number } | { mobile: string }) {
      const row =
        'id' in by ? await repository.findById(by.id) : await repository.findByMobile(by.mobile);
      return row && forToken(row);
    },

    /** What the payment-password check needs: the hash, or null when none is set. */
    async paymentPasswordHashOf(id: number): Promise<string | null> {
      const hash = await repository.paymentPasswordHashOf(id);
      if (hash === undefined) throw gone();
      return hash;
    },

    /** The payment password's hash in a newer form (decision 0063); false when it changed. */
    upgradePaymentPasswordHash(id: number, from: string, to: string): Promise<boolean> {
      return repository.replacePaymentPasswordHash(id, from, to);
    },

    /** Logout: every token of the member dies. */
    async revokeTokens(id: number) {
      return revoked(await repository.updateAndRevoke(id, {}, now()));
    },

    async setPassword(id: number, passwordHash: string) {
      return revoked(await repository.updateAndRevoke(id, { passwordHash }, now()));
    },

    async setPaymentPassword(id: number, paymentPasswordHash: string) {
      return revoked(await repository.updateAndRevoke(id, { paymentPasswordHash }, now()));
    },

    /** 409 when another member has the mobile (also when one took it a moment ago). */
    async changeMobile(id: number, mobile: string) {
      const result = await repository.changeMobile(id, mobile, now());
      if (result === 'taken') throw new AppError(409, MOBILE_TAKEN_MESSAGE, { field: 'mobile' });
      return revoked(result === 'gone' ? undefined : result);
    },

    async getInfo(id: number): Promise<MemberInfo> {
      return withGrade(toProfile(await mustFind(id)));
    },

    /**
     * What the password check needs: the member (by mobile when the identifier looks like one,
     * otherwise by user name) and, apart, its password hash.
     */
    async findForLogin(
      identifier: string,
    ): Promise<{ member: MemberForToken; passwordHash: string | null } | undefined> {
      const row = /^1\d{10}$/.test(identifier)
        ? await repository.findByMobile(identifier)
        : await repository.findByUserName(identifier);
      return row && { member: forToken(row), passwordHash: row.passwordHash };
    },

    isMobileRegistered: (mobile: string) => repository.existsByMobile(mobile),

    /** Refuses a number another account holds, naming the input field it came in (409). */
    async assertMobileFree(mobile: string, field: string): Promise<void> {
      if (await repository.existsByMobile(mobile)) {
        throw new AppError(409, MOBILE_TAKEN_MESSAGE, { field });
      }
    },

    /** Creates a member; 409 when the mobile is already registered (also by a racing call). */
    async create(values: NewMember, ip: string | null = null): Promise<MemberForToken> {
      const created = await repository.insertWithManager(values, ip);
      if (!created) throw new AppError(409, '该手机号已注册，请直接登录', { field: 'mobile' });
      return forToken(created);
    },

    async signAgreement(memberId: number, ip: string | null): Promise<AgreementSignature> {
      const signedAt = await repository.recordAgreement(memberId, agreementVersion, now(), ip);
      return { version: agreementVersion, signedAt: signedAt.toISOString() };
    },

    /** Staff-created accounts start inactive; the member activates after accepting the agreement. */
    async activate(memberId: number): Promise<void> {
      const row = await mustFind(memberId);
      if (row.status === 'active') return;
      if (row.status !== 'inactive') throw new AppError(403, '账号已被停用，请联系客服');
      if (row.agreementVersion !== agreementVersion) {
        throw new AppError(400, '请先阅读并同意会员协议');
      }
      await repository.activate(memberId, now());
    },

    async getAccountManager(memberId: number): Promise<AccountManager | null> {
      const row = await mustFind(memberId);
      if (row.accountManagerId === null) return null;
      return (await repository.findAccountManager(row.accountManagerId)) ?? null;
    },
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
