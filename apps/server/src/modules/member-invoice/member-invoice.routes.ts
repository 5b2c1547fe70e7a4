import { MemberInvoice } from '@pcb/contract/member-invoice';
import type { DefineRoute } from '../../http/define-route';
import type { MemberInvoiceService } from './member-invoice.service';

/** The acting member's profiles (the related account's while switched: its invoices). */
export function registerMemberInvoiceRoutes(
  route: DefineRoute,
  profiles: MemberInvoiceService,
): void {
  route(MemberInvoice.GetList, async ({ input, requireMember }) =>
    profiles.list(requireMember().id, input.invoiceType),
  );
  route(MemberInvoice.GetInvoicePermissions, async ({ requireMember }) =>
    profiles.permissions(requireMember().id),
  );
  route(MemberInvoice.Get, async ({ input, requireMember }) =>
    profiles.get(requireMember().id, input.id),
  );
  route(MemberInvoice.GetDefault, async ({ requireMember }) =>
    profiles.getDefault(requireMember().id),
  );
  route(MemberInvoice.SetDefault, async ({ input, requireMember }) =>
    profiles.setDefault(requireMember().id, input.id),
  );
  route(MemberInvoice.Delete, async ({ input, requireMember }) =>
    profiles.delete(requireMember().id, input.id),
  );
  route(MemberInvoice.Create, async ({ input, requireMember }) =>
    profiles.create(requireMember().id, input),
  );
  route(MemberInvoice.Update, async ({ input, requireMember }) => {
    const { id, ...draft } = input;
    return profiles.update(requireMember().id, id, draft);
  });
}
