import type { Platform } from '../../platform';
import { appModule } from '../app-module';
import type { MemberMessageApi } from '../member-message/member-message.module';
import type { MemberApi } from '../member/member.module';
import type { OfflinePaymentLookup } from '../order/order.module';
import type { PaymentApi } from '../payment/payment.module';
import type { StaffApi } from '../staff/staff.module';
import type { VirtualAccountApi } from '../virtual-account/virtual-account.module';
import { createBankTransferRepository } from './bank-transfer.repository';
import { registerBankTransferRoutes } from './bank-transfer.routes';
import { createBankTransferService } from './bank-transfer.service';

/**
 * Bank transfers to members' virtual accounts (issue 20 §3, decision 0055): finance records
 * them or imports the bank's statement; each line is recorded once, matched to its member by
 * the virtual account and credited to the balance through the payment module's ledger.
 * Listed below the order module: a bank reference that paid an order is not credited again.
 */
export const bankTransferModule = appModule({
  create: (
    { db, now }: Pick<Platform, 'db' | 'now'>,
    deps: {
      member: MemberApi;
      staff: StaffApi;
      memberMessage: MemberMessageApi;
      virtualAccount: VirtualAccountApi;
      payment: PaymentApi;
      order: { offlinePayments: OfflinePaymentLookup };
    },
  ) => {
    const transfers = createBankTransferService({
      repository: createBankTransferRepository(db),
      credits: deps.payment.bankTransfers,
      owners: deps.virtualAccount.ownersOf,
      offlinePayments: deps.order.offlinePayments,
      messages: { sendIn: deps.memberMessage.sendIn },
      members: { namesOf: deps.member.namesOf, findById: deps.member.members.findById },
      staff: deps.staff,
      now,
    });
    return { routes: (route) => registerBankTransferRoutes(route, transfers) };
  },
});
