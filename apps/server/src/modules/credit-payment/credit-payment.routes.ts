import { MemberCreditPayment, StaffCreditPayment } from '@pcb/contract/member-credit-payment';
import type { DefineRoute } from '../../http/define-route';
import { chinaDayOf } from './credit-dates';
import type { CreditBills } from './credit-bills.service';
import type { CreditPaymentService } from './credit-payment.service';
import type { CreditReviewService } from './credit-review.service';
import type { CreditLineService } from './credit-line.service';

/** Credit pay's endpoints (decisions 0059, 0060). */
export function registerCreditPaymentRoutes(
  route: DefineRoute,
  services: {
    credit: CreditPaymentService;
    bills: CreditBills;
    review: CreditReviewService;
    line: CreditLineService;
    today: () => Date;
  },
): void {
  const { credit, bills, review, line } = services;
  const M = MemberCreditPayment;
  route(M.Get, async ({ requireMember }) => credit.account(requireMember().id));
  route(M.GetApply, async ({ requireMember }) => credit.getApply(requireMember().id));
  route(M.SaveApply, async ({ input, requireOwnAccount }) =>
    credit.saveApply(requireOwnAccount().id, input),
  );
  route(M.GetMemberOrderNumberAmount, async ({ input, requireMember }) =>
    credit.orderNumberAmount(requireMember().id, input.start, input.end),
  );
  route(M.GetUnCreateBillMoney, async ({ requireMember }) => credit.unbilled(requireMember().id));
  route(M.GetLogs, async ({ input, requireMember }) => credit.logs(requireMember().id, input));
  route(M.GetMobiles, async ({ requireMember }) => credit.mobiles(requireMember().id));
  route(M.SendCreditPaymentBindMobileSms, async ({ requireOwnAccount, ip }) =>
    credit.sendOwnerCode(requireOwnAccount().id, ip),
  );
  route(M.SendBindMobileCode, async ({ input, requireOwnAccount, ip }) =>
    credit.sendMobileCode(requireOwnAccount().id, input.mobile, ip),
  );
  route(M.CreateCreditPaymentBindMobile, async ({ input, requireOwnAccount, ip }) =>
    credit.bindMobile(requireOwnAccount().id, input, ip),
  );
  route(M.DeleteCreditPaymentBindMobile, async ({ input, requireOwnAccount }) =>
    credit.deleteMobile(requireOwnAccount().id, input.id),
  );
  route(M.GetBills, async ({ input, requireMember }) => credit.bills(requireMember().id, input));
  route(M.GetBillOrders, async ({ input, requireMember }) =>
    credit.billOrders(requireMember().id, input.id),
  );
  route(M.SendPayMessage, async ({ input, requireOwnAccount, ip }) =>
    credit.sendPayCode(requireOwnAccount(), input.mobile, ip),
  );
  route(M.RepayBill, async ({ input, requireOwnAccount }) =>
    bills.repay(requireOwnAccount(), input.id, input.paymentPassword),
  );
  route(M.RepayBillOnline, async ({ input, requireOwnAccount, ip }) =>
    bills.repayOnline(requireOwnAccount(), input, ip),
  );

  const S = StaffCreditPayment;
  route(S.List, async ({ input }) => review.list(input, input));
  route(S.Get, async ({ input }) => review.get(input.id));
  route(S.Approve, async ({ input, write }) =>
    review.approve(write(), input.id, { limit: input.limit, billingDay: input.billingDay }),
  );
  route(S.Reject, async ({ input, write }) => review.reject(write(), input.id, input.reason));
  route(S.MemberCredit, async ({ input }) => ({
    account: await credit.account(input.memberId),
    mobiles: await credit.mobiles(input.memberId),
  }));
  route(S.GetOverdue, async ({ requireStaff }) =>
    review.overdue(requireStaff(), chinaDayOf(services.today())),
  );
  route(S.ChangeLine, async ({ input, write }) => {
    const w = write();
    await line.change(w, input.memberId, input);
    return credit.account(input.memberId, w.tx);
  });
  route(S.Suspend, async ({ input, write }) => {
    const w = write();
    await line.suspend(w, input.memberId, input.reason);
    return credit.account(input.memberId, w.tx);
  });
  route(S.Resume, async ({ input, write }) => {
    const w = write();
    await line.resume(w, input.memberId);
    return credit.account(input.memberId, w.tx);
  });
  route(S.RunBills, async ({ input, write }) => {
    const day = input.day ?? chinaDayOf(services.today());
    const done = await bills.daily(day);
    await write().audit('creditBills', day, null, { ...done });
    return { created: done.created };
  });
}
