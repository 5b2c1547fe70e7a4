import type { Platform } from '../../platform';
import { appModule } from '../app-module';
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
