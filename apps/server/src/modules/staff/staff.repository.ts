import { and, arrayContains, asc, eq, ilike, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { pagedList, type PageRequest } from '../../db/paged-list';
import { staffAccount, staffSession, type StaffAccountRow } from './staff.table';

export type NewStaffAccount = typeof staffAccount.$inferInsert;
type StaffChange = Partial<
  Pick<
    NewStaffAccount,
    'realName' | 'roles' | 'status' | 'passwordHash' | 'totpSecret' | 'totpEnabled' | 'totpLastStep'
  >
>;

/** LIKE wildcards in a keyword match themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

export function createStaffRepository(db: Db) {
  return {
    async findById(id: number, ex: Executor = db): Promise<StaffAccountRow | undefined> {
      const [row] = await ex.select().from(staffAccount).where(eq(staffAccount.id, id));
      return row;
    },

    /** The row, locked until the transaction ends (two admins editing one account). */
    async lockById(tx: Tx, id: number): Promise<StaffAccountRow | undefined> {
      const [row] = await tx
        .select()
        .from(staffAccount)
        .where(eq(staffAccount.id, id))
        .for('update');
      return row;
    },

    async findByUserName(userName: string): Promise<StaffAccountRow | undefined> {
      const [row] = await db
        .select()
        .from(staffAccount)
        .where(eq(staffAccount.userName, userName.toLowerCase()));
      return row;
    },

    async list(keyword: string | undefined, page: PageRequest) {
      const where = keyword
        ? or(
            ilike(staffAccount.userName, `%${escapeLike(keyword)}%`),
            ilike(staffAccount.realName, `%${escapeLike(keyword)}%`),
          )
        : undefined;
      return pagedList(db, { from: staffAccount, where, orderBy: [asc(staffAccount.id)] }, page);
    },

    /** Undefined when the user name is taken (also by a concurrent insert). */
    async insert(tx: Tx, values: NewStaffAccount): Promise<StaffAccountRow | undefined> {
      try {
        // A savepoint: the refusal must not abort the caller's transaction.
        return await tx.transaction(async (sp) => {
          const [row] = await sp.insert(staffAccount).values(values).returning();
          return row;
        });
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },

    async update(ex: Executor, id: number, change: StaffChange, at: Date) {
      const [row] = await ex
        .update(staffAccount)
        .set({ ...change, updatedAt: at })
        .where(eq(staffAccount.id, id))
        .returning();
      return row;
    },

    /** Active admins other than `exceptId`, locked: the last admin cannot be removed by a race. */
    async lockOtherActiveAdmins(tx: Tx, exceptId: number): Promise<number> {
      const rows = await tx
        .select({ id: staffAccount.id })
        .from(staffAccount)
        .where(
          and(
            eq(staffAccount.status, 'active'),
            arrayContains(staffAccount.roles, ['admin']),
            ne(staffAccount.id, exceptId),
          ),
        )
        .for('update');
      return rows.length;
    },

    /** Accepts a TOTP step once: false when this step (or a later one) was used already. */
    async useTotpStep(id: number, step: number): Promise<boolean> {
      const rows = await db
        .update(staffAccount)
        .set({ totpLastStep: step })
        .where(
          and(
            eq(staffAccount.id, id),
            eq(staffAccount.totpEnabled, true),
            or(isNull(staffAccount.totpLastStep), sql`${staffAccount.totpLastStep} < ${step}`),
          ),
        )
        .returning({ id: staffAccount.id });
      return rows.length > 0;
    },

    /** The first code of a new authenticator; false when enrolled meanwhile. */
    async enrollTotp(ex: Executor, id: number, sealedSecret: string, step: number, at: Date) {
      const rows = await ex
        .update(staffAccount)
        .set({ totpSecret: sealedSecret, totpEnabled: true, totpLastStep: step, updatedAt: at })
        .where(and(eq(staffAccount.id, id), eq(staffAccount.totpEnabled, false)))
        .returning({ id: staffAccount.id });
      return rows.length > 0;
    },

    async refs(ids: number[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: staffAccount.id,
          userName: staffAccount.userName,
          realName: staffAccount.realName,
        })
        .from(staffAccount)
        .where(inArray(staffAccount.id, ids));
    },

    async activeIdsWithRole(role: StaffAccountRow['roles'][number]): Promise<number[]> {
      const rows = await db
        .select({ id: staffAccount.id })
        .from(staffAccount)
        .where(and(eq(staffAccount.status, 'active'), arrayContains(staffAccount.roles, [role])));
      return rows.map((r) => r.id);
    },

    // ---- sessions ----

    async insertSession(ex: Executor, values: typeof staffSession.$inferInsert, at: Date) {
      await ex.insert(staffSession).values(values);
      await ex
        .update(staffAccount)
        .set({ lastLoginAt: at })
        .where(eq(staffAccount.id, values.staffId));
    },

    /** The live session and its account, in one query. */
    async findSession(key: string) {
      const [row] = await db
        .select({ session: staffSession, staff: staffAccount })
        .from(staffSession)
        .innerJoin(staffAccount, eq(staffAccount.id, staffSession.staffId))
        .where(and(eq(staffSession.key, key), isNull(staffSession.endedAt)));
      return row;
    },

    async touchSession(key: string, at: Date) {
      await db.update(staffSession).set({ lastSeenAt: at }).where(eq(staffSession.key, key));
    },

    async endSession(ex: Executor, key: string, at: Date) {
      await ex
        .update(staffSession)
        .set({ endedAt: at })
        .where(and(eq(staffSession.key, key), isNull(staffSession.endedAt)));
    },

    /** Every live session of the account, but `exceptKey` (the caller's own) when given. */
    async endAllSessions(ex: Executor, staffId: number, at: Date, exceptKey?: string) {
      await ex
        .update(staffSession)
        .set({ endedAt: at })
        .where(
          and(
            eq(staffSession.staffId, staffId),
            isNull(staffSession.endedAt),
            exceptKey ? ne(staffSession.key, exceptKey) : undefined,
          ),
        );
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
