import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { wechatBinding, type WechatBindingRow } from './wechat-binding.table';

export function createWechatRepository(db: Db) {
  return {
    async listForMember(memberId: number): Promise<WechatBindingRow[]> {
      return db
        .select()
        .from(wechatBinding)
        .where(eq(wechatBinding.memberId, memberId))
        .orderBy(desc(wechatBinding.boundAt), desc(wechatBinding.id));
    },

    async findActive(appId: string, openId: string): Promise<WechatBindingRow | undefined> {
      const [row] = await db
        .select()
        .from(wechatBinding)
        .where(
          and(
            eq(wechatBinding.appId, appId),
            eq(wechatBinding.openId, openId),
            isNull(wechatBinding.unboundAt),
          ),
        );
      return row;
    },

    /** Undefined when the identity got actively bound meanwhile (the partial unique index). */
    async insert(values: typeof wechatBinding.$inferInsert) {
      try {
        const [row] = await db.insert(wechatBinding).values(values).returning();
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },

    async findOwn(id: number, memberId: number): Promise<WechatBindingRow | undefined> {
      const [row] = await db
        .select()
        .from(wechatBinding)
        .where(and(eq(wechatBinding.id, id), eq(wechatBinding.memberId, memberId)));
      return row;
    },

    async unbind(id: number, memberId: number, at: Date): Promise<void> {
      await db
        .update(wechatBinding)
        .set({ unboundAt: at })
        .where(
          and(
            eq(wechatBinding.id, id),
            eq(wechatBinding.memberId, memberId),
            isNull(wechatBinding.unboundAt),
          ),
        );
    },

    async delete(id: number, memberId: number) {
      const [row] = await db
        .delete(wechatBinding)
        .where(and(eq(wechatBinding.id, id), eq(wechatBinding.memberId, memberId)))
        .returning({ id: wechatBinding.id });
      return row;
    },
  };
}

export type WechatRepository = ReturnType<typeof createWechatRepository>;
