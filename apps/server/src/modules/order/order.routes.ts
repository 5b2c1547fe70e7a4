import type { z } from 'zod';
import { Pcb, Smt, Stencil } from '@pcb/contract/order-quote';
import { StaffOrder } from '@pcb/contract/staff-order';
import type { DefineRoute } from '../../http/define-route';
import type { OrderService } from './order.service';
import type { QuoteService } from './quote.service';
import type { StaffOrderService } from './staff-order.service';

/** Smt/CalcPrice takes its parameters and options flat in the query string. */
function splitSmtQuery(query: z.output<typeof Smt.CalcPrice.input>) {
  const { receiverId, province, courier, invoice, ...params } = query;
  return { params, options: { receiverId, province, courier, invoice } };
}

export function registerOrderRoutes(
  route: DefineRoute,
  { quotes, limitQuotes }: { quotes: QuoteService; limitQuotes: (ip: string) => Promise<void> },
  orders: OrderService,
  staffOrders: StaffOrderService,
): void {
  route(Pcb.CalcPrice, async ({ input, member, ip }) => {
    await limitQuotes(ip);
    const { params, ...options } = input;
    return quotes.pcb(member, params, options);
  });
  route(Pcb.SaveOrder, async ({ input, requireMember }) =>
    orders.place('pcb', requireMember().id, input.params, input),
  );
  route(Pcb.GetOrderParamString, async ({ input }) => quotes.paramString('pcb', input));

  route(Smt.CalcPrice, async ({ input, member, ip }) => {
    await limitQuotes(ip);
    const { params, options } = splitSmtQuery(input);
    return quotes.price('smt', member, params, options, '');
  });
  route(Smt.Create, async ({ input, requireMember }) =>
    orders.place('smt', requireMember().id, input.params, input),
  );
  route(Smt.GetParamsString, async ({ input }) => quotes.paramString('smt', input));

  route(Stencil.CalcPrice, async ({ input, member, ip }) => {
    await limitQuotes(ip);
    const { params, ...options } = input;
    return quotes.price('stencil', member, params, options, 'params.');
  });
  route(Stencil.Create, async ({ input, requireMember }) =>
    orders.place('stencil', requireMember().id, input.params, input),
  );
  route(Stencil.GetParamsString, async ({ input }) => quotes.paramString('stencil', input));

  route(StaffOrder.List, async ({ input, requireStaff }) =>
    staffOrders.list(input, input, requireStaff().roles),
  );
  route(StaffOrder.GetStatusCounts, async ({ input }) => staffOrders.statusCounts(input));
  route(StaffOrder.Get, async ({ input, requireStaff }) =>
    staffOrders.get(input.id, requireStaff().roles),
  );
}
