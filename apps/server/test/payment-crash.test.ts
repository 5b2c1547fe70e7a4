import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import type { OnlinePayment, OrderKind, PayResult } from '@pcb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';
import { moduleOf, orderIn, staffSessions } from './order-lifecycle-support';
import {
  copiesOf,
  deferred,
  drain,
  DRAIN_TIMEOUT_MS,
  ledgerSums,
  ordersMoney,
  outsideWorld,
  pick,
  prng,
  runReconcile,
  summary,
  until,
  type Rng,
} from './payment-crash-support';
import { fund, PAY_PASSWORD, payer } from './payment-support';
import { buildServerBundle, freePort, serverProcess, type ServerProcess } from './server-process';

/**
 * Issue 20: "The server killed with SIGKILL at 50 random points of payments under load,
 * restarted: nothing created or lost, every order paid or not, the reconciliation clean"
 * (decision 0058).
 *
 * The server runs as `npm start` runs it (the bundle, development, the sandboxes of both
 * providers, job workers on) in a process of its own against one database. Twelve payers (two
 * per member, so they race for the same orders) pay by balance, gift balance, Alipay, WeChat
 * Pay and balance + online, pay or abandon the providers' pages, top up, cancel paid and unpaid
 * orders, read their balance and logs and send some requests again. A seeded PRNG draws what
 * each does and where the server is killed: once 1–12 more money requests (the providers'
 * pages included) were answered and 0–30 ms more, SIGKILL, then a restart. Requests whose
 * answer the kill took are sent again with their request id once the server is back, by the
 * payer that sent them, before anything else. After the last restart the jobs
 * drain (notify retries, refunds) and everything is checked against the books, the sandboxes'
 * own tables (the outside world: what members paid and got back) and `npm run reconcile`.
 */

const KILLS = Number(process.env.CRASH_KILLS ?? 50);
const SEED = Number(process.env.CRASH_SEED ?? 20_261_127);
const MEMBERS = 6;
const PAYERS_PER_MEMBER = 2;
/** Orders of each kind per member awaiting payment at the start. */
const ORDERS_PER_KIND = 10;
const FUNDED_BALANCE = 300_000;
const FUNDED_GIFT = 60_000;

interface Answer {
  status: number;
  success: boolean;
  data: unknown;
  message: string;
}

interface TestOrder {
  id: number;
  kind: OrderKind;
  /** What the payers last heard; the books decide at the end. */
  heard: 'awaiting' | 'paid' | 'cancelled';
}

interface Payer {
  index: number;
  memberId: number;
  token: string;
  orders: TestOrder[];
  /** This payer's money calls, in the order made. */
  sent: MoneyRequest[];
  /** Providers' pages opened and left for later. */
  pages: { payment: OnlinePayment; order: TestOrder | undefined }[];
}

/** A money call with a request id: every answer it got (null: the kill took it). */
interface MoneyRequest {
  what: string;
  memberId: number;
  token: string;
  method: 'POST';
  path: string;
  body: { requestId: string } & Record<string, unknown>;
  answers: (Answer | null)[];
}

const CANCEL_METHOD: Record<OrderKind, 'POST' | 'PATCH'> = {
  pcb: 'POST',
  smt: 'PATCH',
  stencil: 'PATCH',
};

let t: TestApp;
let server: ServerProcess;
let workDir: string;

beforeAll(async () => {
  workDir = mkdtempSync(path.join(os.tmpdir(), 'pcb-crash-'));
}, 60_000);

afterAll(async () => {
  await server?.kill();
  await t?.close();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

describe('the server killed with SIGKILL while members pay', () => {
  it(
    `loses and makes no money over ${KILLS} kills, and the books reconcile`,
    async () => {
      const began = performance.now();
      const bundleDir = await buildServerBundle('payment-crash');

      // ---- Setup, in process, on the database the server will use ----
      t = await buildTestApp();
      const staff = await staffSessions(t);
      const payers: Payer[] = [];
      const funded = new Map<number, number>();
      for (let i = 0; i < MEMBERS; i++) {
        const member = await payer(t);
        await fund({ t, staff }, member.id, FUNDED_BALANCE);
        await fund({ t, staff }, member.id, FUNDED_GIFT, 'gift');
        funded.set(member.id, FUNDED_BALANCE + FUNDED_GIFT);
        const orders: TestOrder[] = [];
        for (const kind of ['pcb', 'smt', 'stencil'] as const) {
          const first = await orderIn(t, staff, member, 'awaitingPayment', { kind });
          orders.push({ id: first.id, kind, heard: 'awaiting' });
          for (const id of await copiesOf(t, first.id, ORDERS_PER_KIND - 1)) {
            orders.push({ id, kind, heard: 'awaiting' });
          }
        }
        for (let p = 0; p < PAYERS_PER_MEMBER; p++) {
          // Two payers of one member share its orders (the same objects): they race for them.
          payers.push({
            index: payers.length,
            memberId: member.id,
            token: member.token,
            orders,
            sent: [],
            pages: [],
          });
        }
      }
      const testOrderIds = [...new Set(payers.flatMap((p) => p.orders.map((o) => o.id)))];

      // ---- The server, as npm start runs it, on that database ----
      const port = await freePort();
      server = serverProcess({
        bundleDir,
        port,
        logFile: path.join(workDir, 'server.log'),
        env: {
          DATABASE_URL: t.databaseUrl,
          // The secret the payers' payment passwords were keyed with here (decision 0063).
          JWT_SECRET: t.config.jwt.secret,
          WEB_DIST_DIR: '/nonexistent-web-dist',
          // The demo factory moves the demo members' orders at its own pace, on its own timers;
          // nothing of this test's, and off so its moves do not blur the server's log.
          DEMO_FACTORY_PACE: 'off',
        },
      });

      // ---- The load ----
      const requests = new Map<string, MoneyRequest>();
      const serverErrors: { path: string; status: number; message: string }[] = [];
      const counts = {
        moneySent: 0,
        moneyAnswered: 0,
        lost: 0,
        retried: 0,
        replayed: 0,
        cashierPaid: 0,
        cashierLost: 0,
      };
      let ready = deferred();
      let stopping = false;

      async function send(
        token: string,
        method: string,
        urlPath: string,
        body: unknown,
        money: boolean,
        form = false,
      ): Promise<(Answer & { location: string | null; text: string }) | null> {
        await ready.promise;
        if (money) counts.moneySent++;
        let res: Response;
        let text: string;
        try {
          res = await fetch(`${server.base}${urlPath}`, {
            method,
            redirect: 'manual',
            headers: {
              ...(token ? { authorization: `Bearer ${token}` } : {}),
              ...(body === undefined
                ? {}
                : {
                    'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
                  }),
            },
            body:
              body === undefined
                ? undefined
                : form
                  ? new URLSearchParams(body as Record<string, string>).toString()
                  : JSON.stringify(body),
            signal: AbortSignal.timeout(60_000),
          });
          text = await res.text();
        } catch {
          return null;
        }
        if (money) counts.moneyAnswered++;
        let json: Partial<Answer> = {};
        try {
          json = JSON.parse(text) as Partial<Answer>;
        } catch {
          // a provider's page
        }
        const answer = {
          status: res.status,
          success: json.success === true,
          data: json.data,
          message: json.message ?? '',
          location: res.headers.get('location'),
          text,
        };
        if (res.status >= 500)
          serverErrors.push({ path: urlPath, status: res.status, message: text });
        return answer;
      }

      async function moneyCall(request: MoneyRequest): Promise<Answer | null> {
        const answer = await send(request.token, request.method, request.path, request.body, true);
        request.answers.push(
          answer && {
            status: answer.status,
            success: answer.success,
            data: answer.data,
            message: answer.message,
          },
        );
        if (!answer) counts.lost++;
        return answer;
      }

      function newRequest(p: Payer, what: string, urlPath: string, body: Record<string, unknown>) {
        const request: MoneyRequest = {
          what,
          memberId: p.memberId,
          token: p.token,
          method: 'POST',
          path: urlPath,
          body: { requestId: randomUUID(), ...body },
          answers: [],
        };
        requests.set(request.body.requestId, request);
        p.sent.push(request);
        return request;
      }

      /**
       * The member at the provider's page: pays (mostly), fails, leaves, or keeps the page to
       * pay later (when the order may have been paid another way, cancelled or paid again:
       * then the money must come back).
       */
      async function atProvider(p: Payer, rng: Rng, payment: OnlinePayment, order?: TestOrder) {
        const roll = rng();
        if (roll < 0.1) return;
        if (roll < 0.25) {
          p.pages.push({ payment, order });
          return;
        }
        await payPage(p, rng, payment, order, roll < 0.32 ? 'fail' : 'success');
      }

      async function payPage(
        p: Payer,
        rng: Rng,
        payment: OnlinePayment,
        order: TestOrder | undefined,
        outcome: 'success' | 'fail',
      ) {
        if (payment.launch.kind !== 'redirect') throw new Error('h5 payments redirect');
        const launch = new URL(payment.launch.url);
        let paid;
        if (payment.channel === 'alipay') {
          const gateway = await send(
            '',
            'GET',
            `${launch.pathname}${launch.search}`,
            undefined,
            true,
          );
          if (!gateway?.location) return;
          const cashier = new URL(gateway.location, server.base);
          paid = await send('', 'POST', cashier.pathname, { outcome }, true, true);
        } else {
          paid = await send(
            '',
            'POST',
            '/sandbox/wechat-pay/pay',
            { prepay_id: launch.searchParams.get('prepay_id') ?? '', outcome },
            true,
            true,
          );
        }
        if (!paid) counts.cashierLost++;
        else if (outcome === 'success') {
          counts.cashierPaid++;
          if (order?.heard === 'awaiting') order.heard = 'paid';
        }
        if (rng() < 0.5) {
          const module = payment.channel === 'alipay' ? 'AlipayOrder' : 'WechatPayOrder';
          await send(
            p.token,
            'GET',
            `/api/${module}/Get?outTradeNo=${payment.outTradeNo}`,
            undefined,
            false,
          );
        }
      }

      const awaitingOrder = (p: Payer, rng: Rng) => {
        const waiting = p.orders.filter((o) => o.heard === 'awaiting');
        return waiting.length > 0 && rng() < 0.9 ? pick(rng, waiting) : pick(rng, p.orders);
      };

      async function pay(
        p: Payer,
        rng: Rng,
        method: 'balance' | 'gift' | 'online' | 'balanceOnline',
      ) {
        const order = awaitingOrder(p, rng);
        const online = method === 'online' || method === 'balanceOnline';
        const request = newRequest(p, `pay:${method}`, `/api/${moduleOf[order.kind]}/Pay`, {
          id: order.id,
          method,
          ...(method === 'online' ? {} : { paymentPassword: PAY_PASSWORD }),
          ...(online ? { channel: rng() < 0.5 ? 'alipay' : 'wechat', scene: 'h5' } : {}),
        });
        const answer = await moneyCall(request);
        if (!answer?.success) return;
        const result = answer.data as PayResult;
        if (result.status === 'paid') order.heard = 'paid';
        else if (result.payment) await atProvider(p, rng, result.payment, order);
      }

      async function recharge(p: Payer, rng: Rng) {
        const request = newRequest(p, 'recharge', '/api/MemberAdvancePayment/Recharge', {
          amount: 10_000 + Math.floor(rng() * 20) * 5_000,
          channel: rng() < 0.5 ? 'alipay' : 'wechat',
          scene: 'h5',
        });
        const answer = await moneyCall(request);
        if (answer?.success) await atProvider(p, rng, answer.data as OnlinePayment);
      }

      async function cancel(p: Payer, rng: Rng) {
        const paid = p.orders.filter((o) => o.heard === 'paid');
        const order = paid.length > 0 && rng() < 0.75 ? pick(rng, paid) : awaitingOrder(p, rng);
        const answer = await send(
          p.token,
          CANCEL_METHOD[order.kind],
          `/api/${moduleOf[order.kind]}/Cancel`,
          { id: order.id, reason: '暂不需要' },
          true,
        );
        if (answer?.success) order.heard = 'cancelled';
      }

      async function look(p: Payer) {
        await send(p.token, 'GET', '/api/MemberAdvancePayment/GetBalance', undefined, false);
        await send(
          p.token,
          'GET',
          '/api/MemberAdvancePayment/GetLogs?page=1&pageSize=20',
          undefined,
          false,
        );
      }

      /** One payer: what the kill took is asked again first, then the next thing drawn. */
      async function payerLoop(p: Payer) {
        const rng = prng(SEED * 31 + p.index);
        while (!stopping) {
          const unanswered = p.sent.find((r) => r.answers.at(-1) === null);
          if (unanswered) {
            counts.retried++;
            await moneyCall(unanswered);
            continue;
          }
          const roll = rng();
          if (roll < 0.18) await pay(p, rng, 'balance');
          else if (roll < 0.24) await pay(p, rng, 'gift');
          else if (roll < 0.4) await pay(p, rng, 'online');
          else if (roll < 0.5) await pay(p, rng, 'balanceOnline');
          else if (roll < 0.58) await recharge(p, rng);
          else if (roll < 0.7) await cancel(p, rng);
          else if (roll < 0.78) {
            // A page kept from before, paid now.
            const kept = p.pages.splice(Math.floor(rng() * p.pages.length), 1)[0];
            if (kept) await payPage(p, rng, kept.payment, kept.order, 'success');
          } else if (roll < 0.88) await look(p);
          else {
            // The same request id again: the first answer, or a clear one.
            const answered = p.sent.filter((r) => r.answers.some((a) => a?.success));
            if (answered.length > 0) {
              counts.replayed++;
              await moneyCall(pick(rng, answered));
            }
          }
        }
      }

      // ---- Kills ----
      const driver = prng(SEED);
      const startMs: number[] = [];
      const killedAt: number[] = [];
      const upMs: number[] = [];
      const workers: Promise<void>[] = [];
      const setupMs = performance.now() - began;
      for (let kill = 0; kill <= KILLS; kill++) {
        startMs.push(await server.start());
        const up = performance.now();
        ready.resolve();
        if (kill === 0) workers.push(...payers.map((p) => payerLoop(p)));
        // Killed once 1–12 more money requests were answered, 0–30 ms later: whatever else is
        // under way then (payments, notifies, jobs) is cut at a random step.
        const target = counts.moneyAnswered + 1 + Math.floor(driver() * 12);
        await until(
          () => counts.moneyAnswered >= target,
          120_000,
          () => 'no payments are being made',
        );
        if (kill === KILLS) break;
        await new Promise((r) => setTimeout(r, Math.floor(driver() * 30)));
        upMs.push(performance.now() - up);
        ready = deferred();
        await server.kill();
        killedAt.push(counts.moneySent);
      }

      // ---- The last server: the load a while longer, then the lost requests, then the drain ----
      const last = counts.moneyAnswered + 60;
      await until(
        () => counts.moneyAnswered >= last,
        120_000,
        () => 'no payments after the last start',
      );
      stopping = true;
      await Promise.all(workers);
      for (const request of requests.values()) {
        for (let i = 0; i < 5 && request.answers.at(-1) === null; i++) {
          counts.retried++;
          await moneyCall(request);
        }
      }
      const drainStarted = performance.now();
      const left = await drain(t);
      const drainMs = performance.now() - drainStarted;

      // ---- Checks ----
      const problems: string[] = [];
      for (const e of serverErrors)
        problems.push(`${e.status} from ${e.path}: ${e.message.slice(0, 200)}`);
      if (left.length > 0)
        problems.push(`not drained after ${DRAIN_TIMEOUT_MS / 1000} s: ${left.join('; ')}`);

      // Each request id: once answered with success, every later answer is that answer.
      let inconsistent = 0;
      for (const request of requests.values()) {
        const answers = request.answers.filter((a): a is Answer => a !== null);
        if (answers.length === 0)
          problems.push(`${request.what} ${request.body.requestId}: never answered`);
        const first = answers.findIndex((a) => a.success);
        if (first < 0) continue;
        for (const later of answers.slice(first + 1)) {
          if (!later.success || !isDeepStrictEqual(later.data, answers[first]!.data)) {
            inconsistent++;
            problems.push(
              `${request.what} ${request.body.requestId}: answered ${JSON.stringify(answers[first]!.data)} then ${later.status} ${JSON.stringify(later.data ?? later.message)}`,
            );
          }
        }
      }

      const orderFacts = await ordersMoney(t, testOrderIds);
      for (const o of orderFacts) {
        const paidOnce =
          o.payments === 1 && !o.refunded && o.account === o.total && o.credits === o.total;
        const untouched = o.payments === 0 && o.account === 0 && o.entries === 0;
        const refunded = o.payments === 1 && o.refunded && o.account === 0 && o.credits === o.total;
        const ok =
          (o.status === 'inProduction' && paidOnce) ||
          (o.status === 'awaitingPayment' && untouched) ||
          (o.status === 'cancelled' && (untouched || refunded));
        if (!ok) problems.push(`order ${o.id}: ${JSON.stringify(o)}`);
      }
      // A balance or gift payment answered "paid" is a payment the books keep (refunded only by
      // a cancel afterwards).
      for (const request of requests.values()) {
        const paid = request.answers.find(
          (a) => a?.success && (a.data as PayResult).status === 'paid',
        );
        if (!paid) continue;
        const order = orderFacts.find((o) => o.id === request.body.id);
        if (!order || order.payments !== 1 || order.method !== request.body.method)
          problems.push(`${request.what} answered paid, the books say ${JSON.stringify(order)}`);
      }

      // Balances as the server answers them = the sums of their ledger entries = member.balance.
      for (const p of payers.filter((x) => x.index % PAYERS_PER_MEMBER === 0)) {
        const answer = await send(
          p.token,
          'GET',
          '/api/MemberAdvancePayment/GetBalance',
          undefined,
          false,
        );
        const sums = await ledgerSums(t, p.memberId);
        if (!answer?.success || !isDeepStrictEqual(answer.data, sums.balances))
          problems.push(
            `member ${p.memberId}: GetBalance ${JSON.stringify(answer?.data)}, entries ${JSON.stringify(sums)}`,
          );
        if (sums.mirror !== sums.balances.balance)
          problems.push(
            `member ${p.memberId}: member.balance ${sums.mirror}, entries ${sums.balances.balance}`,
          );
        // Nothing made, nothing lost: what the member holds with us (balances, holds, paid
        // orders, refunds on their way) is what was funded plus what the providers took from
        // them less what they gave back.
        const world = await outsideWorld(t, p.memberId);
        const ours =
          sums.balances.balance +
          sums.balances.giftBalance +
          sums.balances.held +
          world.inOrders +
          world.refundsPending;
        const theirs = funded.get(p.memberId)! + world.providerPaid - world.providerRefunded;
        if (ours !== theirs)
          problems.push(
            `member ${p.memberId}: holds ${ours} with us, but funded + paid − refunded = ${theirs} (${JSON.stringify(world)})`,
          );
      }

      const reconcile = await runReconcile(bundleDir, t.databaseUrl);
      if (reconcile.code !== 0 || !reconcile.output.includes('无差异'))
        problems.push(`npm run reconcile: exit ${reconcile.code}\n${reconcile.output}`);
      const differences = Number(
        /共 (\d+) 处差异/.exec(reconcile.output)?.[1] ?? (reconcile.code === 0 ? 0 : -1),
      );
      await server.stop();

      const figures = await summary(t, testOrderIds);
      const sorted = [...startMs].sort((a, b) => a - b);
      console.log(
        [
          `SIGKILL test (seed ${SEED}, load average ${os.loadavg()[0]!.toFixed(1)} at the end, ${Math.round((performance.now() - began) / 1000)} s in all):`,
          `  kills ${killedAt.length}, starts ${startMs.length} (median ${Math.round(sorted[Math.floor(sorted.length / 2)]!)} ms, slowest ${Math.round(sorted.at(-1)!)} ms to answer); ` +
            `time: setup ${Math.round(setupMs / 1000)} s, starting ${Math.round(startMs.reduce((a, b) => a + b, 0) / 1000)} s, paying between kills ${Math.round(upMs.reduce((a, b) => a + b, 0) / 1000)} s`,
          `  money requests sent ${counts.moneySent} (the providers' pages included), ${requests.size} with a request id; answers the kills took ${counts.lost}, sent again ${counts.retried}, answered requests sent again on purpose ${counts.replayed}`,
          `  orders ${testOrderIds.length}: ${figures.orders}`,
          `  provider payments ${figures.providerPaid} (${counts.cashierPaid} confirmed to the payer, ${counts.cashierLost} pages the kill cut off): ${figures.attempts}`,
          `  refunds ${figures.refunds}; jobs drained in ${(drainMs / 1000).toFixed(1)} s`,
          `  request ids answered inconsistently ${inconsistent}; 5xx answers ${serverErrors.length}`,
          `  differences: reconcile ${differences}, this test's own checks ${problems.length}`,
        ].join('\n'),
      );
      if (problems.length > 0) {
        // A 5xx's cause is logged when it happens, often several restarts before the end.
        if (serverErrors.length > 0) console.log(`server log, errors:\n${server.logErrors()}`);
        console.log(`server log, last lines:\n${server.logTail(30)}`);
      }
      expect(problems).toEqual([]);
      expect(killedAt).toHaveLength(KILLS);
    },
    30 * 60_000,
  );
});
