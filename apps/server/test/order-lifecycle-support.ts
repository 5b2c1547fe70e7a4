import { randomBytes, randomUUID } from 'node:crypto';
import {
  productionSteps,
  type MemberOrderDetail,
  type OrderKind,
  type OrderStatus,
  type PlacedOrder,
  type StaffRole,
} from '@pcb/contract';
import { defaultSmtParams, defaultStencilParams } from '@pcb/pricing';
import { sql } from 'drizzle-orm';
import type { MemberNotice, OrderNotifier } from '../src/modules/order/order.module';
import type { ApiResponse, TestApp } from './helper';
import { uniqueMobile } from './helper';
import {
  orderSetup,
  pcbOrderBody,
  saveOrder,
  uploadDesign,
  type OrderSetup,
} from './order-support';
import { createStaff, sessionFor, staffCall, type StaffSessionForTest } from './staff-support';

export const moduleOf: Record<OrderKind, string> = { pcb: 'Pcb', smt: 'Smt', stencil: 'Stencil' };

/** One staff session per role the lifecycle needs. */
export type StaffSessions = Record<StaffRole, StaffSessionForTest>;

export async function staffSessions(t: TestApp): Promise<StaffSessions> {
  const roles: StaffRole[] = ['admin', 'sales', 'engineer', 'production', 'finance', 'content'];
  const entries = await Promise.all(
    roles.map(async (role) => {
      const { id } = await createStaff(t, { roles: [role], realName: `${role}员工` });
      return [role, await sessionFor(t, id)] as const;
    }),
  );
  return Object.fromEntries(entries) as StaffSessions;
}

export interface Member {
  id: number;
  token: string;
  setup: OrderSetup;
}

export async function newMember(t: TestApp): Promise<Member> {
  const m = await t.createMember({ mobile: uniqueMobile() });
  return { ...m, setup: await orderSetup(t, m.token) };
}

/** Places an order of `kind` at the server's price (the quote first, as the page does). */
export async function placeOrder(
  t: TestApp,
  member: Member,
  kind: OrderKind = 'pcb',
): Promise<PlacedOrder> {
  if (kind === 'pcb') {
    const res = await saveOrder(t, member.token, await pcbOrderBody(t, member.setup));
    if (!res.body.success) throw new Error(`order refused: ${res.body.message}`);
    return res.body.data;
  }
  const params = kind === 'smt' ? defaultSmtParams : defaultStencilParams;
  const quote =
    kind === 'smt'
      ? await t.get<{ total: number; sheetVersion: number }>('/api/Smt/CalcPrice', {
          token: member.token,
          query: Object.fromEntries(
            Object.entries({ ...params, receiverId: member.setup.receiverId, courier: 'sf' }).map(
              ([k, v]) => [k, String(v)],
            ),
          ),
        })
      : await t.post<{ total: number; sheetVersion: number }>(
          '/api/Stencil/CalcPrice',
          { params, receiverId: member.setup.receiverId, courier: 'sf' },
          { token: member.token },
        );
  if (!quote.body.success) throw new Error(`quote refused: ${quote.body.message}`);
  const fileKey = await uploadDesign(t, member.token, `${kind}File`, '.zip');
  const res = await t.post<PlacedOrder>(
    `/api/${moduleOf[kind]}/Create`,
    {
      params,
      sheetVersion: quote.body.data.sheetVersion,
      expectedTotal: quote.body.data.total,
      receiverId: member.setup.receiverId,
      courier: 'sf',
      invoice: 'none',
      fileKey,
      fileName: `${kind}.zip`,
      requestId: randomUUID(),
    },
    { token: member.token },
  );
  if (!res.body.success) throw new Error(`order refused: ${res.body.message}`);
  return res.body.data;
}

export const staffPost = <T = unknown>(
  t: TestApp,
  session: StaffSessionForTest,
  action: string,
  input: Record<string, unknown>,
) => staffCall<T>(t, session, 'POST', `/api/StaffOrder/${action}`, input);

async function must<T>(res: Promise<ApiResponse<T>>, what: string): Promise<T> {
  const r = await res;
  if (!r.body.success) throw new Error(`${what} refused (${r.status}): ${r.body.message}`);
  return r.body.data;
}

/** A bank reference no other test uses. */
export const bankReference = () => `TR${randomBytes(6).toString('hex').toUpperCase()}`;
/** A tracking number no other test uses. */
export const trackingNo = () => `SF${randomBytes(6).toString('hex').toUpperCase()}`;

export const isoAgo = (t: TestApp, minutes: number) =>
  new Date(t.clock.now().getTime() - minutes * 60_000).toISOString();

export async function raiseEq(
  t: TestApp,
  staff: StaffSessions,
  orderId: number,
  options: string[] = ['按原文件生产', '取消该要求'],
): Promise<number> {
  const data = await must(
    staffPost<{ eqId: number }>(t, staff.engineer, 'RaiseEq', {
      id: orderId,
      question: '阻焊开窗与焊盘间距不足，是否允许调整？',
      options,
    }),
    'RaiseEq',
  );
  return data.eqId;
}

export async function changePrice(t: TestApp, staff: StaffSessions, orderId: number) {
  const detail = await staffCall<{ lines: { code: string; name: string; amount: number }[] }>(
    t,
    staff.admin,
    'GET',
    '/api/StaffOrder/Get',
    { id: orderId },
  );
  const lines = detail.body.data.lines.map((l) => ({
    code: l.code,
    name: l.name,
    amount: l.amount,
  }));
  lines.push({ code: 'adjust', name: '工程加价', amount: 1500 });
  await must(
    staffPost(t, staff.engineer, 'ChangePrice', {
      id: orderId,
      lines,
      reason: '阻抗控制需另加工序',
    }),
    'ChangePrice',
  );
}

export async function pay(t: TestApp, staff: StaffSessions, orderId: number, total: number) {
  await must(
    staffPost(t, staff.finance, 'RecordPayment', {
      id: orderId,
      amount: total,
      bankReference: bankReference(),
      payerName: '深圳华创电子有限公司',
      receivedAt: isoAgo(t, 30),
    }),
    'RecordPayment',
  );
}

export async function recordSteps(
  t: TestApp,
  staff: StaffSessions,
  orderId: number,
  kind: OrderKind,
  count: number = productionSteps[kind].length,
) {
  const steps = productionSteps[kind];
  for (const [i, step] of steps.slice(0, count).entries()) {
    await must(
      staffPost(t, staff.production, 'RecordStep', {
        id: orderId,
        step,
        doneAt: isoAgo(t, 600 - i * 10),
      }),
      `RecordStep ${step}`,
    );
  }
}

export async function ship(t: TestApp, staff: StaffSessions, orderId: number) {
  await must(
    staffPost(t, staff.production, 'Ship', {
      id: orderId,
      parcels: [{ courier: 'sf', trackingNo: trackingNo() }],
      shippedAt: isoAgo(t, 5),
    }),
    'Ship',
  );
}

/** How an order in a status was reached: what waits in it besides the status. */
export type Variant = 'plain' | 'eq' | 'price' | 'packed';

/**
 * An order of `member` moved to `status` through the real actions: 待确认 by a question
 * (`eq`, the default) or a new price (`price`); 生产中 with 包装 recorded when `packed`.
 */
export async function orderIn(
  t: TestApp,
  staff: StaffSessions,
  member: Member,
  status: OrderStatus,
  options: { variant?: Variant; kind?: OrderKind } = {},
): Promise<PlacedOrder & { eqId?: number }> {
  const kind = options.kind ?? 'pcb';
  const variant = options.variant ?? 'plain';
  const order = await placeOrder(t, member, kind);
  const id = order.id;
  if (status === 'pendingReview') return order;
  if (status === 'cancelled') {
    await must(
      t.post(`/api/${moduleOf[kind]}/Cancel`, { id, reason: '不需要了' }, { token: member.token }),
      'Cancel',
    );
    return order;
  }
  if (status === 'awaitingConfirmation') {
    if (variant === 'price') {
      await changePrice(t, staff, id);
      return order;
    }
    return { ...order, eqId: await raiseEq(t, staff, id) };
  }
  await must(staffPost(t, staff.engineer, 'Pass', { id }), 'Pass');
  if (status === 'awaitingPayment') return order;
  await pay(t, staff, id, order.total);
  if (status === 'inProduction') {
    if (variant === 'packed') await recordSteps(t, staff, id, kind);
    return order;
  }
  await recordSteps(t, staff, id, kind);
  await ship(t, staff, id);
  if (status === 'shipped') return order;
  await must(staffPost(t, staff.production, 'Complete', { id }), 'Complete');
  return order;
}

export async function detailOf(
  t: TestApp,
  token: string,
  id: number,
  kind: OrderKind = 'pcb',
): Promise<MemberOrderDetail> {
  return must(
    t.get<MemberOrderDetail>(`/api/${moduleOf[kind]}/GetDetail`, {
      token,
      query: { id: String(id) },
    }),
    'GetDetail',
  );
}

export async function statusOf(t: TestApp, id: number): Promise<OrderStatus> {
  const { rows } = await t.database.pool.query<{ status: OrderStatus }>(
    'SELECT status FROM orders WHERE id = $1',
    [id],
  );
  return rows[0]!.status;
}

export async function processRows(t: TestApp, id: number) {
  const { rows } = await t.database.pool.query<{
    action: string;
    from_status: OrderStatus | null;
    to_status: OrderStatus;
    actor: string;
    actor_staff_id: number | null;
    actor_member_id: number | null;
    note: string | null;
  }>('SELECT * FROM order_process WHERE order_id = $1 ORDER BY id', [id]);
  return rows;
}

/**
 * A notifier that keeps what it was told, with the id of the transaction it was told in (null
 * outside a transaction that has written: the order's change must come first, in the same one).
 */
export function recordingNotifier() {
  const notices: (MemberNotice & { txid: string | null })[] = [];
  const notifier: OrderNotifier = {
    notifyIn: async (tx, notice) => {
      const result = await tx.execute<{ txid: string | null }>(
        sql`SELECT txid_current_if_assigned()::text AS txid`,
      );
      notices.push({ ...notice, txid: result.rows[0]?.txid ?? null });
    },
  };
  return { notices, notifier };
}

export { uploadDesign };
