import { EqQuestion } from '@pcb/contract/eq-question';
import { Pcb, Smt, Stencil } from '@pcb/contract/order-quote';
import { OrderState } from '@pcb/contract/order-state';
import { StaffOrder } from '@pcb/contract/staff-order';
import type { DefineRoute } from '../../http/define-route';
import type { EqService } from './eq.service';
import type { MemberOrderService } from './member-order.service';
import type { OrderStateService } from './order-state.service';
import type { StaffOrderLifecycleService } from './staff-order-lifecycle.service';

/** The order lifecycle's endpoints (decision 0042): the member's, EQ, the public look-up, staff's. */
export function registerOrderLifecycleRoutes(
  route: DefineRoute,
  services: {
    members: MemberOrderService;
    eqs: EqService;
    states: OrderStateService;
    limitStates: (ip: string) => Promise<void>;
    staff: StaffOrderLifecycleService;
  },
): void {
  const { members, eqs, staff } = services;

  // The calls every kind has, with the kind's module.
  for (const [kind, module] of [
    ['pcb', Pcb],
    ['smt', Smt],
    ['stencil', Stencil],
  ] as const) {
    route(module.GetMemberOrderStatusNum, async ({ requireMember }) =>
      members.counts(requireMember(), kind),
    );
    route(module.GetDetail, async ({ input, requireMember }) =>
      members.detail(requireMember(), kind, input.id),
    );
    route(module.GetMemberLatestOrder, async ({ requireMember }) =>
      members.latest(requireMember(), kind),
    );
    route(module.UpdateReceiver, async ({ input, requireMember }) =>
      members.updateReceiver(requireMember(), kind, input.id, input.value),
    );
    route(module.Cancel, async ({ input, requireMember }) =>
      members.cancel(requireMember(), kind, input.id, input.reason),
    );
    route(module.Delete, async ({ input, requireMember }) =>
      members.remove(requireMember(), kind, input.id),
    );
    route(module.UpdateFile, async ({ input, requireMember }) =>
      members.updateFile(requireMember(), kind, input),
    );
    route(module.AcceptPriceChange, async ({ input, requireMember }) =>
      members.acceptPrice(requireMember(), kind, input.id, input.priceChangeId),
    );
    route(module.RefusePriceChange, async ({ input, requireMember }) =>
      members.refusePrice(requireMember(), kind, input),
    );
    route(module.ConfirmReceipt, async ({ input, requireMember }) =>
      members.confirmReceipt(requireMember(), kind, input.id),
    );
    route(module.GetShips, async ({ input, requireMember }) =>
      members.ships(requireMember(), kind, input.id),
    );
  }
  route(Pcb.GetMemberPcbOrders, async ({ input, requireMember }) =>
    members.list(requireMember(), 'pcb', input),
  );
  route(Smt.GetList, async ({ input, requireMember }) =>
    members.list(requireMember(), 'smt', input),
  );
  route(Stencil.GetList, async ({ input, requireMember }) =>
    members.list(requireMember(), 'stencil', input),
  );
  route(Pcb.GetOrderProcess, async ({ input, requireMember }) =>
    members.process(requireMember(), 'pcb', input.orderId),
  );
  route(Pcb.CalcEditOrder, async ({ input, requireMember }) =>
    members.calcEdit(requireMember(), input.id, input.params),
  );
  route(Pcb.EditOrder, async ({ input, requireMember }) => members.edit(requireMember(), input));
  route(Pcb.Reorder, async ({ input, requireMember }) =>
    members.reorder(requireMember(), input.id, input.requestId),
  );

  route(EqQuestion.GetEqList, async ({ input, requireMember }) => eqs.list(requireMember(), input));
  route(EqQuestion.Reply, async ({ input, requireMember }) => eqs.reply(requireMember(), input));

  route(OrderState.Query, async ({ input, ip }) => {
    await services.limitStates(ip);
    return services.states.query(input.orderNo, input.mobile);
  });

  route(StaffOrder.GetWorkQueue, async ({ requireStaff }) => staff.workQueue(requireStaff().roles));
  route(StaffOrder.Pass, async ({ input, write }) => {
    await staff.pass(write(), input.id, input.note);
    return { ok: true as const };
  });
  route(StaffOrder.ChangePrice, async ({ input, write }) => {
    await staff.changePrice(write(), input);
    return { ok: true as const };
  });
  route(StaffOrder.RaiseEq, async ({ input, write }) => staff.raiseEq(write(), input));
  route(StaffOrder.RecordPayment, async ({ input, write }) => {
    await staff.recordPayment(write(), input);
    return { ok: true as const };
  });
  route(StaffOrder.RecordStep, async ({ input, write }) => {
    await staff.recordStep(write(), input);
    return { ok: true as const };
  });
  route(StaffOrder.RevealReceiver, async ({ input, write }) =>
    staff.revealReceiver(write(), input.id),
  );
  route(StaffOrder.Ship, async ({ input, write }) => {
    await staff.ship(write(), input);
    return { ok: true as const };
  });
  route(StaffOrder.AddParcelEvent, async ({ input, write }) => {
    await staff.addParcelEvent(write(), input);
    return { ok: true as const };
  });
  route(StaffOrder.Complete, async ({ input, write }) => {
    await staff.complete(write(), input.id, input.note);
    return { ok: true as const };
  });
  route(StaffOrder.Cancel, async ({ input, write }) => {
    await staff.cancel(write(), input.id, input.reason);
    return { ok: true as const };
  });
}
