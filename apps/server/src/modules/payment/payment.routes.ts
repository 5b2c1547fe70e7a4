import { AlipayOrder, WechatPayOrder } from '@pcb/contract/payment';
import { MemberAdvancePayment } from '@pcb/contract/member-advance-payment';
import { Pcb, Smt, Stencil } from '@pcb/contract/order-quote';
import { StaffLedger } from '@pcb/contract/staff-ledger';
import type { DefineRoute } from '../../http/define-route';
import type { Adjustments } from './adjustment.service';
import type { MiniProgramPayService } from './mini-program-pay.service';
import type { MoneyService } from './money.service';
import type { PayService } from './pay.service';
import type { RechargeService } from './recharge.service';
import type { Reconciler } from './reconcile';

/** The payment module's endpoints (decision 0051); the notifies are raw routes of their own. */
export function registerPaymentRoutes(
  route: DefineRoute,
  services: {
    pay: PayService;
    recharge: RechargeService;
    miniProgramPay: MiniProgramPayService;
    money: MoneyService;
    adjustments: Adjustments;
    reconciler: Reconciler;
  },
): void {
  const { pay, money } = services;
  for (const [kind, module] of [
    ['pcb', Pcb],
    ['smt', Smt],
    ['stencil', Stencil],
  ] as const) {
    route(module.Pay, async ({ input, requireMember, ip }) =>
      pay.pay(requireMember(), kind, input, ip),
    );
  }
  route(AlipayOrder.Get, async ({ input, requireMember }) =>
    money.status(requireMember(), 'alipay', input.outTradeNo),
  );
  route(WechatPayOrder.Get, async ({ input, requireMember }) =>
    money.status(requireMember(), 'wechat', input.outTradeNo),
  );
  // The mini-program's pay page: no member login, the hand-off's token instead.
  route(WechatPayOrder.MiniProgramPay, async ({ input, ip }) =>
    services.miniProgramPay.pay(input, ip),
  );

  route(MemberAdvancePayment.Recharge, async ({ input, requireMember, ip }) =>
    services.recharge.recharge(requireMember(), input, ip),
  );
  route(MemberAdvancePayment.GetBalance, async ({ requireMember }) =>
    money.balances(requireMember()),
  );
  route(MemberAdvancePayment.GetLogs, async ({ input, requireMember }) =>
    money.logs(requireMember(), input),
  );
  route(MemberAdvancePayment.GetAdvancePaymentLogs, async ({ input, requireMember }) =>
    money.accountLog(requireMember(), 'balance', input),
  );
  route(MemberAdvancePayment.GetGiftPaymentLogs, async ({ input, requireMember }) =>
    money.accountLog(requireMember(), 'gift', input),
  );

  route(
    StaffLedger.Adjust,
    async ({ input, write }) => services.adjustments.adjust(write(), input),
    { beforeWrite: ({ input }) => services.adjustments.assertMember(input.memberId) },
  );
  route(StaffLedger.GetReconciliation, async () => services.reconciler.run());
}
