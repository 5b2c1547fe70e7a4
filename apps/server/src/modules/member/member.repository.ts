import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { memberSession } from './member-session.table';
import { accountManager } from './account-manager.table';
import { member, memberAgreement, type MemberRow } from './member.table';

export type NewMember = typeof member.$inferInsert;

/** What a member's own view is made of: the row without its secrets. */
export const memberViewColumns = {
  id: member.id,
  mobile: member.mobile,
  userName: member.userName,
  realName: member.realName,
  companyName: member.companyName,
  memberType: member.memberType,
  qq: member.qq,
  contactPhone: member.contactPhone,
  certifiedAt: member.certifiedAt,
  status: member.status,
  points: member.points,
  balance: member.balance,
  hasPassword: sql<boolean>`${member.passwordHash} IS NOT NULL`.as('has_password'),
  hasPaymentPassword: sql<boolean>`${member.paymentPasswordHash} IS NOT NULL`.as(
    'has_payment_password',
  ),
  agreementVersion: member.agreementVersion,
  createdAt: member.createdAt,
};

export function createMemberRepository(db: Db) {
  // Every authenticated request runs it: prepared once per connection, one round trip.
  const authStateQuery = db
    .select({
      ...memberViewColumns,
      tokenVersion: member.tokenVersion,
      sessionLive: sql<boolean>`${memberSession.id} IS NOT NULL`.as('session_live'),
    })
    .from(member)
    .leftJoin(
      memberSession,
      and(
        eq(memberSession.id, sql.placeholder('sessionId')),
        eq(memberSession.memberId, sql.placeholder('sessionOwnerId')),
        isNull(memberSession.revokedAt),
      ),
    )
    .where(eq(member.id, sql.placeholder('id')))
    .prepare('member_auth_state');

  /**
   * Applies the change and bumps the token version in one statement, so every token issued
   * before it dies with it. Returns the new version, or undefined when the member is gone.
   */
  async function updateAndRevoke(
    id: number,
    values: Partial<Pick<NewMember, 'passwordHash' | 'paymentPasswordHash' | 'mobile'>>,
    at: Date,
  ): Promise<{ id: number; tokenVersion: number } | undefined> {
    const [row] = await db
      .update(member)
      .set({ ...values, tokenVersion: sql`${member.tokenVersion} + 1`, updatedAt: at })
      .where(eq(member.id, id))
      .returning({ id: member.id, tokenVersion: member.tokenVersion });
    return row;
  }

  return {
    /** Whether the member's mobile is one of `mobiles` (on the caller's transaction if any). */
    async hasMobileIn(id: number, mobiles: readonly string[], ex: Executor = db) {
      if (mobiles.length === 0) return false;
      const [row] = await ex
        .select({ id: member.id })
        .from(member)
        .where(and(eq(member.id, id), inArray(member.mobile, [...mobiles])));
      return row !== undefined;
    },

    /** The payment password's hash alone (null: none set); undefined when the member is gone. */
    async paymentPasswordHashOf(id: number): Promise<string | null | undefined> {
      const [row] = await db
        .select({ hash: member.paymentPasswordHash })
        .from(member)
        .where(eq(member.id, id));
      return row ? row.hash : undefined;
    },

    /**
     * Replaces the payment password's hash with an equal one in a newer form, only while it is
     * still `from` (a change made meanwhile wins); tokens stay valid.
     */
    async replacePaymentPasswordHash(id: number, from: string, to: string): Promise<boolean> {
      const rows = await db
        .update(member)
        .set({ paymentPasswordHash: to })
        .where(and(eq(member.id, id), eq(member.paymentPasswordHash, from)))
        .returning({ id: member.id });
      return rows.length > 0;
    },

    async findById(id: number): Promise<MemberRow | undefined> {
      const [row] = await db.select().from(member).where(eq(member.id, id));
      return row;
    },

    /** The member's view, token version and whether the session is live, in one query. */
    async findAuthState(id: number, sessionOwnerId: number, sessionId: string) {
      const [row] = await authStateQuery.execute({ id, sessionOwnerId, sessionId });
      return row ?? null;
    },

    async createSession(values: { id: string; memberId: number; createdAt: Date }) {
      await db.insert(memberSession).values(values);
    },

    /** Ends one session of the member (this device); false when it was not live. */
    async revokeSession(memberId: number, sessionId: string, at: Date) {
      const rows = await db
        .update(memberSession)
        .set({ revokedAt: at })
        .where(
          and(
            eq(memberSession.id, sessionId),
            eq(memberSession.memberId, memberId),
            isNull(memberSession.revokedAt),
          ),
        )
        .returning({ id: memberSession.id });
      return rows.length > 0;
    },

    /** Ends every session of the member and bumps its token version: every device is out. */
    async revokeAllSessions(memberId: number, at: Date) {
      return db.transaction(async (tx) => {
        await tx
          .update(memberSession)
          .set({ revokedAt: at })
          .where(and(eq(memberSession.memberId, memberId), isNull(memberSession.revokedAt)));
        const [row] = await tx
          .update(member)
          .set({ tokenVersion: sql`${member.tokenVersion} + 1`, updatedAt: at })
          .where(eq(member.id, memberId))
          .returning({ id: member.id, tokenVersion: member.tokenVersion });
        return row;
      });
    },

    async findByMobile(mobile: string): Promise<MemberRow | undefined> {
      const [row] = await db.select().from(member).where(eq(member.mobile, mobile));
      return row;
    },

    async findByUserName(userName: string): Promise<MemberRow | undefined> {
      const [row] = await db
        .select()
        .from(member)
        .where(sql`lower(${member.userName}) = lower(${userName})`);
      return row;
    },

    async existsByMobile(mobile: string): Promise<boolean> {
      const [row] = await db
        .select({ id: member.id })
        .from(member)
        .where(eq(member.mobile, mobile));
      return row !== undefined;
    },

    /**
     * Inserts unless the mobile is taken (also by a concurrent insert); the member is given
     * the active account manager with the fewest members. Returns undefined when taken.
     *
     * The counts are the managers' own `member_count` (kept by triggers, decision 0076): one
     * read of a small table, where counting every member per manager cost 40–70 ms a
     * registration at 100,000 members. The pick locks its manager and skips one another
     * registration holds (whose member is not counted yet), so registrations at once spread
     * over the managers instead of all taking the same; with every manager held, it waits.
     */
    async insertWithManager(values: NewMember, agreementIp: string | null) {
      return db.transaction(async (tx) => {
        const pick = () =>
          tx
            .select({ id: accountManager.id })
            .from(accountManager)
            .where(eq(accountManager.isActive, true))
            .orderBy(asc(accountManager.memberCount), asc(accountManager.id))
            .limit(1);
        const [free] = await pick().for('update', { skipLocked: true });
        const [manager] = free ? [free] : await pick().for('update');
        const [created] = await tx
          .insert(member)
          .values({ ...values, accountManagerId: manager?.id ?? null })
          .onConflictDoNothing({ target: member.mobile })
          .returning();
        if (created?.agreementVersion && created.agreementSignedAt) {
          await tx.insert(memberAgreement).values({
            memberId: created.id,
            version: created.agreementVersion,
            signedAt: created.agreementSignedAt,
            ip: agreementIp,
          });
        }
        return created;
      });
    },

    /** Records the acceptance once per version; returns the time of the first acceptance. */
    async recordAgreement(memberId: number, version: string, at: Date, ip: string | null) {
      return db.transaction(async (tx) => {
        await tx
          .insert(memberAgreement)
          .values({ memberId, version, signedAt: at, ip })
          .onConflictDoNothing();
        const [signature] = await tx
          .select({ signedAt: memberAgreement.signedAt })
          .from(memberAgreement)
          .where(and(eq(memberAgreement.memberId, memberId), eq(memberAgreement.version, version)));
        const signedAt = signature?.signedAt ?? at;
        await tx
          .update(member)
          .set({ agreementVersion: version, agreementSignedAt: signedAt, updatedAt: at })
          .where(eq(member.id, memberId));
        return signedAt;
      });
    },

    /** Only an inactive member becomes active: a disabled one stays disabled. */
    async activate(memberId: number, at: Date) {
      await db
        .update(member)
        .set({ status: 'active', updatedAt: at })
        .where(and(eq(member.id, memberId), eq(member.status, 'inactive')));
    },

    async findByIds(ids: number[]): Promise<MemberRow[]> {
      if (ids.length === 0) return [];
      return db.select().from(member).where(inArray(member.id, ids));
    },

    /** What a name is made of, for the members of a list. */
    async namePartsOf(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: member.id,
          realName: member.realName,
          userName: member.userName,
          mobile: member.mobile,
        })
        .from(member)
        .where(inArray(member.id, ids));
    },

    updateAndRevoke,

    /** As updateAndRevoke for a new mobile; 'taken' when another member has it. */
    async changeMobile(id: number, mobile: string, at: Date) {
      try {
        return (await updateAndRevoke(id, { mobile }, at)) ?? 'gone';
      } catch (error) {
        if (isUniqueViolation(error)) return 'taken';
        throw error;
      }
    },

    async findAccountManager(id: number) {
      const [row] = await db
        .select({
          realName: accountManager.realName,
          mobile: accountManager.mobile,
          qq: accountManager.qq,
          pic: accountManager.pic,
        })
        .from(accountManager)
        .where(eq(accountManager.id, id));
      return row;
    },
  };
}

export type MemberRepository = ReturnType<typeof createMemberRepository>;
