import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { OrderStatus } from '@pcb/contract';
import { MemberAdvancePayment } from '@pcb/contract/member-advance-payment';
import { AlipayOrder, WechatPayOrder } from '@pcb/contract/payment';
import { StaffLedger } from '@pcb/contract/staff-ledger';
import type { PaymentChannel } from '../src/integrations/payment/payment-provider';
import { call } from './call';
import { staffPost, statusOf } from './order-lifecycle-support';
import {
  balancesOf,
  notify,
  pay,
  payer,
  paymentTest,
  runPaymentJobs,
  unpaidOrder,
  type Member,
  type PaymentTest,
} from './payment-support';

vi.setConfig({ testTimeout: 900_000 });

/**
 * A model-based test (fast-check commands) of the money: random sequences of top-ups, payments
 * by every method, providers paying (with the notify, with it lost and the page asking, with it
 * replayed or forged), member and staff cancels, finance's adjustments, the jobs (provider
 * closes and refunds) and expiries. The model says what the member's balance, gift balance,
 * held balance and each order's status must be after each step; after each step the real
 * system must agree with it and the reconciliation (books and providers) must find nothing.
 */

const ORDERS = 3;

interface ModelAttempt {
  outTradeNo: string;
  channel: PaymentChannel;
  order: number;
  balancePart: number;
  online: number;
  status: 'open' | 'closed' | 'paid';
  /** The provider still takes a payment for it (not closed there yet). */
  payable: boolean;
}

interface ModelOrder {
  id: number;
  total: number;
  status: 'awaitingPayment' | 'inProduction' | 'cancelled';
  parts: { balance: number; gift: number } | null;
}

interface Model {
  balance: number;
  gift: number;
  held: number;
  orders: ModelOrder[];
  attempts: ModelAttempt[];
}

interface Real {
  p: PaymentTest;
  member: Member;
}

let p: PaymentTest;
let template: { id: number; total: number };
beforeAll(async () => {
  p = await paymentTest();
  const m = await payer(p.t);
  template = await unpaidOrder(p, m);
});
afterAll(async () => p?.t.close());

/** Orders awaiting payment for the member, copied from a real one (only the total differs). */
async function ordersFor(member: Member): Promise<ModelOrder[]> {
  const orders: ModelOrder[] = [];
  for (let i = 0; i < ORDERS; i++) {
    const total = 6_000 + 4_321 * i;
    const { rows } = await p.t.database.pool.query<{ id: number }>(
      `INSERT INTO orders (order_no, kind, member_id, status, params, param_string, sheet_version,
         lines, total, build_days, ship_date, weight_grams, courier, invoice, receiver, contact,
         invoice_profile, file_key, file_name, remark, request_id, created_at, updated_at,
         status_changed_at)
       SELECT $1, kind, $2, 'awaitingPayment', params, param_string, sheet_version, lines, $3,
         build_days, ship_date, weight_grams, courier, invoice, receiver, contact, invoice_profile,
         file_key, file_name, remark, $4, now(), now(), now()
       FROM orders WHERE id = $5 RETURNING id`,
      [`M${randomBytes(8).toString('hex')}`, member.id, total, randomUUID(), template.id],
    );
    orders.push({ id: rows[0]!.id, total, status: 'awaitingPayment', parts: null });
  }
  return orders;
}

// ---- The model's rules (decision 0051) ----

/** Closes the order's open attempt, its hold back to the balance. */
function closeOpen(model: Model, order: number) {
  for (const a of model.attempts) {
    if (a.order === order && a.status === 'open') {
      a.status = 'closed';
      model.held -= a.balancePart;
      model.balance += a.balancePart;
    }
  }
}

/** A provider payment we learn of for the first time. */
function settle(model: Model, a: ModelAttempt) {
  const order = model.orders[a.order]!;
  const wasOpen = a.status === 'open';
  a.status = 'paid';
  if (order.status === 'awaitingPayment') {
    if (wasOpen) {
      model.held -= a.balancePart;
      order.parts = { balance: a.balancePart, gift: 0 };
      order.status = 'inProduction';
      return;
    }
    if (model.balance >= a.balancePart) {
      model.balance -= a.balancePart;
      order.parts = { balance: a.balancePart, gift: 0 };
      order.status = 'inProduction';
      closeOpen(model, a.order);
      return;
    }
  }
  // Refunded through the provider; a hold it had comes back.
  if (wasOpen) {
    model.held -= a.balancePart;
    model.balance += a.balancePart;
  }
}

function cancel(model: Model, index: number): boolean {
  const order = model.orders[index]!;
  if (order.status === 'cancelled') return false;
  if (order.status === 'awaitingPayment') closeOpen(model, index);
  if (order.parts) {
    model.balance += order.parts.balance;
    model.gift += order.parts.gift;
  }
  order.status = 'cancelled';
  return true;
}

// ---- Checks after every step ----

async function agree(model: Model, real: Real) {
  const { t } = real.p;
  expect(await balancesOf(t, real.member.id)).toEqual({
    balance: model.balance,
    gift: model.gift,
    held: model.held,
  });
  for (const order of model.orders) {
    expect(await statusOf(t, order.id)).toBe(order.status satisfies OrderStatus);
  }
  const report = await t.app.modules.payment.reconcile({ providerDays: 3650 });
  expect(report.differences).toEqual([]);
}

type Cmd = fc.AsyncCommand<Model, Real>;

const channelArb = fc.constantFrom<PaymentChannel>('alipay', 'wechat');
const orderArb = fc.integer({ min: 0, max: ORDERS - 1 });

class TopUp implements Cmd {
  constructor(
    readonly amount: number,
    readonly channel: PaymentChannel,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const { t } = real.p;
    const res = await call(
      t,
      MemberAdvancePayment.Recharge,
      { requestId: randomUUID(), amount: this.amount, channel: this.channel },
      { token: real.member.token },
    );
    expect(res.status, res.body.message).toBe(200);
    const reply = await notify(
      t,
      this.channel,
      real.p.fake(this.channel).pay(res.body.data.outTradeNo),
    );
    expect(reply.status).toBe(200);
    model.balance += this.amount;
    await agree(model, real);
  }
  toString = () => `TopUp(${this.amount}, ${this.channel})`;
}

class Adjust implements Cmd {
  constructor(
    readonly account: 'balance' | 'gift',
    readonly amount: number,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const res = await call(
      real.p.t,
      StaffLedger.Adjust,
      {
        memberId: real.member.id,
        account: this.account,
        amount: this.amount,
        reason: '模型测试调整',
        requestId: randomUUID(),
      },
      { staff: real.p.staff.finance },
    );
    const current = this.account === 'balance' ? model.balance : model.gift;
    if (current + this.amount < 0) {
      expect(res.status).toBe(400);
    } else {
      expect(res.status, res.body.message).toBe(200);
      if (this.account === 'balance') model.balance += this.amount;
      else model.gift += this.amount;
    }
    await agree(model, real);
  }
  toString = () => `Adjust(${this.account}, ${this.amount})`;
}

class PayFrom implements Cmd {
  constructor(
    readonly order: number,
    readonly method: 'balance' | 'gift',
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const order = model.orders[this.order]!;
    const res = await pay(real.p.t, real.member, { id: order.id, kind: 'pcb' }, this.method);
    if (order.status !== 'awaitingPayment') {
      expect(res.status).toBe(409);
    } else {
      const hold = model.attempts
        .filter((a) => a.order === this.order && a.status === 'open')
        .reduce((sum, a) => sum + a.balancePart, 0);
      const available = this.method === 'balance' ? model.balance + hold : model.gift;
      if (available < order.total) {
        expect(res.status).toBe(400);
      } else {
        expect(res.status, res.body.message).toBe(200);
        closeOpen(model, this.order);
        if (this.method === 'balance') model.balance -= order.total;
        else model.gift -= order.total;
        order.parts = {
          balance: this.method === 'balance' ? order.total : 0,
          gift: this.method === 'gift' ? order.total : 0,
        };
        order.status = 'inProduction';
      }
    }
    await agree(model, real);
  }
  toString = () => `Pay(${this.order}, ${this.method})`;
}

class PayOnline implements Cmd {
  constructor(
    readonly order: number,
    readonly channel: PaymentChannel,
    readonly withBalance: boolean,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const order = model.orders[this.order]!;
    const res = await pay(
      real.p.t,
      real.member,
      { id: order.id, kind: 'pcb' },
      this.withBalance ? 'balanceOnline' : 'online',
      { channel: this.channel },
    );
    if (order.status !== 'awaitingPayment') {
      expect(res.status).toBe(409);
      await agree(model, real);
      return;
    }
    const hold = model.attempts
      .filter((a) => a.order === this.order && a.status === 'open')
      .reduce((sum, a) => sum + a.balancePart, 0);
    const available = model.balance + hold;
    if (this.withBalance && (available <= 0 || available >= order.total)) {
      expect(res.status).toBe(400);
      await agree(model, real);
      return;
    }
    expect(res.status, res.body.message).toBe(200);
    closeOpen(model, this.order);
    const balancePart = this.withBalance ? available : 0;
    model.balance -= balancePart;
    model.held += balancePart;
    model.attempts.push({
      outTradeNo: res.body.data.payment!.outTradeNo,
      channel: this.channel,
      order: this.order,
      balancePart,
      online: order.total - balancePart,
      status: 'open',
      payable: true,
    });
    await agree(model, real);
  }
  toString = () =>
    `PayOnline(${this.order}, ${this.channel}${this.withBalance ? ', +balance' : ''})`;
}

/** The payer pays the n-th payment page; the provider tells us (or the page asks). */
class ProviderPays implements Cmd {
  constructor(
    readonly pick: number,
    readonly how: 'notify' | 'lostThenAsked' | 'twice',
  ) {}
  check = (model: Model) => model.attempts.some((a) => a.payable && a.status !== 'paid');
  async run(model: Model, real: Real) {
    const candidates = model.attempts.filter((a) => a.payable && a.status !== 'paid');
    const a = candidates[this.pick % candidates.length]!;
    const fake = real.p.fake(a.channel);
    const sent = fake.pay(a.outTradeNo);
    if (this.how === 'lostThenAsked') {
      const Get = a.channel === 'alipay' ? AlipayOrder.Get : WechatPayOrder.Get;
      const res = await call(
        real.p.t,
        Get,
        { outTradeNo: a.outTradeNo },
        { token: real.member.token },
      );
      expect(res.body.data.status).toBe('paid');
    } else {
      expect((await notify(real.p.t, a.channel, sent)).status).toBe(200);
      if (this.how === 'twice') await notify(real.p.t, a.channel, sent);
    }
    a.payable = false;
    settle(model, a);
    await agree(model, real);
  }
  toString = () => `ProviderPays(#${this.pick}, ${this.how})`;
}

/** A notify sent again later, or one forged with another key: nothing changes. */
class Replay implements Cmd {
  constructor(
    readonly pick: number,
    readonly forged: boolean,
  ) {}
  check = (model: Model) => model.attempts.length > 0;
  async run(model: Model, real: Real) {
    const a = model.attempts[this.pick % model.attempts.length]!;
    const fake = real.p.fake(a.channel);
    const genuine = fake.paymentNotify(a.outTradeNo);
    const sent = this.forged
      ? fake.signed(
          { ...JSON.parse(genuine.rawBody), status: 'paid', tradeNo: 'FORGED1' },
          randomBytes(32),
        )
      : genuine;
    await notify(real.p.t, a.channel, sent);
    await agree(model, real);
  }
  toString = () => `Replay(#${this.pick}${this.forged ? ', forged' : ''})`;
}

class Cancel implements Cmd {
  constructor(
    readonly order: number,
    readonly byStaff: boolean,
  ) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const order = model.orders[this.order]!;
    const res = this.byStaff
      ? await staffPost(real.p.t, real.p.staff.sales, 'Cancel', {
          id: order.id,
          reason: '模型测试取消',
        })
      : await real.p.t.post(
          '/api/Pcb/Cancel',
          { id: order.id, reason: '模型测试取消' },
          { token: real.member.token },
        );
    expect(res.status, res.body.message).toBe(cancel(model, this.order) ? 200 : 409);
    await agree(model, real);
  }
  toString = () => `Cancel(${this.order}${this.byStaff ? ', staff' : ''})`;
}

/** The job runner: providers told to close what we closed, refunds asked and confirmed. */
class RunJobs implements Cmd {
  constructor(readonly expire: boolean) {}
  check = () => true;
  async run(model: Model, real: Real) {
    await runPaymentJobs(real.p.t, { expire: this.expire });
    for (const a of model.attempts) {
      if (this.expire && a.status === 'open') {
        a.status = 'closed';
        model.held -= a.balancePart;
        model.balance += a.balancePart;
      }
      if (a.status === 'closed') a.payable = false;
    }
    await agree(model, real);
  }
  toString = () => (this.expire ? 'RunJobs(+expiries)' : 'RunJobs');
}

const commands = [
  fc.tuple(fc.integer({ min: 100, max: 8_000 }), channelArb).map(([a, c]) => new TopUp(a, c)),
  fc
    .tuple(
      fc.constantFrom<'balance' | 'gift'>('balance', 'gift'),
      fc.integer({ min: -5_000, max: 5_000 }),
    )
    .filter(([, a]) => a !== 0)
    .map(([account, a]) => new Adjust(account, a)),
  fc
    .tuple(orderArb, fc.constantFrom<'balance' | 'gift'>('balance', 'gift'))
    .map(([o, m]) => new PayFrom(o, m)),
  fc.tuple(orderArb, channelArb, fc.boolean()).map(([o, c, b]) => new PayOnline(o, c, b)),
  fc
    .tuple(
      fc.nat(),
      fc.constantFrom<'notify' | 'lostThenAsked' | 'twice'>('notify', 'lostThenAsked', 'twice'),
    )
    .map(([n, how]) => new ProviderPays(n, how)),
  fc.tuple(fc.nat(), fc.boolean()).map(([n, f]) => new Replay(n, f)),
  fc.tuple(orderArb, fc.boolean()).map(([o, s]) => new Cancel(o, s)),
  fc.boolean().map((e) => new RunJobs(e)),
];

describe('the money, as a model', () => {
  it('agrees with the model and reconciles after every step of random sequences', async () => {
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 24, size: 'max' }), async (cmds) => {
        const member = await payer(p.t);
        const model: Model = {
          balance: 0,
          gift: 0,
          held: 0,
          orders: await ordersFor(member),
          attempts: [],
        };
        await fc.asyncModelRun(() => ({ model, real: { p, member } }), cmds);
        steps += [...cmds].length;
      }),
      { numRuns: 16, endOnFailure: true },
    );
    console.log(`model: 16 random sequences, ${steps} steps, every invariant held after each`);
  });
});
