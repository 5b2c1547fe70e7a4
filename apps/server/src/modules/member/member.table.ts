import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { memberStatuses } from '@pcb/contract';
import { accountManager } from './account-manager.table';

/** The text staff search matches names in: real name, user name, company, one string. */
export const memberSearchText = (t: {
  realName: AnyPgColumn;
  userName: AnyPgColumn;
  companyName: AnyPgColumn;
}) =>
  sql`(coalesce(${t.realName}, '') || ' ' || coalesce(${t.userName}, '') || ' ' || coalesce(${t.companyName}, ''))`;

/** Its letters and letter pairs (SQL function of migration 0003), as the GIN index holds them. */
export const memberSearchGrams = (t: Parameters<typeof memberSearchText>[0]) =>
  sql`member_search_grams(${memberSearchText(t)})`;

export const member = pgTable(
  'member',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    mobile: varchar('mobile', { length: 11 }).notNull().unique(),
    userName: varchar('user_name', { length: 64 }),
    realName: varchar('real_name', { length: 64 }),
    companyName: varchar('company_name', { length: 128 }),
    /** The chat-service number the spec calls QQ (5–11 digits); the member edits it. */
    qq: varchar('qq', { length: 16 }),
    /** A phone for staff to call (landline or mobile), apart from the login mobile. */
    contactPhone: varchar('contact_phone', { length: 32 }),
    /**
     * When staff approved the member's enterprise certification (MemberCompanyApply); null while
     * not certified. Set only by that approval, in its transaction: what 专票 and other company
     * privileges check.
     */
    certifiedAt: timestamp('certified_at', { withTimezone: true }),
    memberType: text('member_type', { enum: ['personal', 'company'] })
      .notNull()
      .default('personal'),
    status: text('status', { enum: memberStatuses }).notNull().default('active'),
    /** Who opened the account: the member at /register, or staff (then Activate applies). */
    source: text('source', { enum: ['self', 'staff'] })
      .notNull()
      .default('self'),
    passwordHash: text('password_hash'),
    /** argon2id of the 6-digit payment password (confirms balance payments); null until set. */
    paymentPasswordHash: text('payment_password_hash'),
    /** Part of every token (claim `ver`); bumping it revokes all tokens of the member. */
    tokenVersion: integer('token_version').notNull().default(0),
    points: integer('points').notNull().default(0),
    /** Advance-payment balance in fen; the ledger is the source of truth once it exists. */
    balance: integer('balance').notNull().default(0),
    agreementVersion: varchar('agreement_version', { length: 32 }),
    agreementSignedAt: timestamp('agreement_signed_at', { withTimezone: true }),
    accountManagerId: integer('account_manager_id').references(() => accountManager.id),
    registeredFrom: varchar('registered_from', { length: 64 }),
    bdVid: varchar('bd_vid', { length: 256 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // User names are matched case-insensitively at login, so they are unique that way too.
    uniqueIndex('member_user_name_lower_idx').on(sql`lower(${t.userName})`),
    index('member_account_manager_idx').on(t.accountManagerId),
    // Staff search (decision 0020): a mobile prefix by btree in any collation; names, user names
    // and companies by their letters and letter pairs (member_search_grams, migration 0003),
    // which, unlike pg_trgm under the C locale, index Chinese.
    index('member_mobile_prefix_idx').on(t.mobile.op('text_pattern_ops')),
    index('member_search_grams_idx').using('gin', memberSearchGrams(t)),
    // Points are never owed (decision 0073).
    check('member_points_ck', sql`${t.points} >= 0`),
  ],
);

export type MemberRow = typeof member.$inferSelect;

/** Every acceptance of a member agreement version, kept for the record. */
export const memberAgreement = pgTable(
  'member_agreement',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id')
      .notNull()
      .references(() => member.id, { onDelete: 'cascade' }),
    version: varchar('version', { length: 32 }).notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    ip: varchar('ip', { length: 64 }),
  },
  (t) => [unique('member_agreement_member_version_uq').on(t.memberId, t.version)],
);
