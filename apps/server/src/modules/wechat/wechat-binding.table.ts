import { sql } from 'drizzle-orm';
import { index, integer, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/**
 * A WeChat identity (app id + openid) bound to a member. Unbind keeps the row with `unbound_at`;
 * an identity is actively bound to at most one member. No foreign key to member: members are
 * disabled, never deleted, and this module reaches members through their service.
 */
export const wechatBinding = pgTable(
  'wechat_binding',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id').notNull(),
    appId: varchar('app_id', { length: 64 }).notNull(),
    openId: varchar('openid', { length: 128 }).notNull(),
    nickName: varchar('nick_name', { length: 64 }),
    avatar: varchar('avatar', { length: 512 }),
    boundAt: timestamp('bound_at', { withTimezone: true }).notNull(),
    unboundAt: timestamp('unbound_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('wechat_binding_active_uq')
      .on(t.appId, t.openId)
      .where(sql`${t.unboundAt} IS NULL`),
    index('wechat_binding_member_idx').on(t.memberId),
  ],
);

export type WechatBindingRow = typeof wechatBinding.$inferSelect;
