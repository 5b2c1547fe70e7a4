import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { Platform } from '../../platform';
import { appModule, type SeedTx } from '../app-module';
import type { MemberApi } from '../member/member.module';
import { createMemberInvoiceRepository } from './member-invoice.repository';
import { registerMemberInvoiceRoutes } from './member-invoice.routes';
import { seedMemberInvoices } from './member-invoice.seed';
import { createMemberInvoiceService, type MemberInvoiceService } from './member-invoice.service';

export { INVOICE_CAP_MESSAGE, INVOICE_NOT_FOUND_MESSAGE } from './member-invoice.service';

/** What invoicing (bills, invoice requests) will read: a member's profile by id, the default. */
export interface MemberInvoiceApi {
  /** The member's profile, or null when there is none of that id for this member. */
  findOwned: MemberInvoiceService['findOwned'];
  /** The member's default profile, or null when they have none. */
  findDefault: MemberInvoiceService['getDefault'];
}

/**
 * For other modules' seeds: the profiles as this module's API reads them, on the seed's
 * transaction (placing a demo order with an invoice snapshots one).
 */
export const seedInvoiceProfiles = (tx: SeedTx, now: Clock): MemberInvoiceApi => {
  const profiles = createMemberInvoiceService({
    repository: createMemberInvoiceRepository(tx as unknown as Db),
    members: {
      async get(id) {
        const { rows } = await tx.execute<{ certified_at: Date | string | null }>(
          sql`SELECT certified_at FROM member WHERE id = ${id}`,
        );
        const at = rows[0]?.certified_at ?? null;
        return { certifiedAt: at === null ? null : new Date(at) };
      },
    },
    now,
  });
  return { findOwned: profiles.findOwned, findDefault: profiles.getDefault };
};

/** Invoice profiles (发票抬头): who a member's invoices are made out to (MemberInvoice). */
export const memberInvoiceModule = appModule({
  seed: seedMemberInvoices,
  create: ({ db, now }: Pick<Platform, 'db' | 'now'>, { member }: { member: MemberApi }) => {
    const profiles = createMemberInvoiceService({
      repository: createMemberInvoiceRepository(db),
      members: member.members,
      now,
    });
    return {
      api: {
        findOwned: profiles.findOwned,
        findDefault: profiles.getDefault,
      } satisfies MemberInvoiceApi,
      routes: (route) => registerMemberInvoiceRoutes(route, profiles),
    };
  },
});
