// What the money specs share: the factory's staff through the API (the engineer passes an
// order to 待付款, finance credits a balance), a member with an order to pay, the payment
// password set through the API, the number keyboard, and a screen checked and photographed.
import { randomUUID } from 'node:crypto';
import {
  expect,
  request as playwrightRequest,
  test,
  type APIRequestContext,
  type Page,
} from '@playwright/test';
import { TOTP } from 'otpauth';
import { expectAccessible } from './axe';
import { placePcbOrder, type PlacedPcbOrder } from './order-api';
import { STAFF_PASSWORD, captchaToken, latestSmsCode } from './support';

const FINANCE_TOTP_SECRET = 'PCBDEMOFINANCESECRET234567ABCDEF';
const TOTP_PERIOD_MS = 30_000;

export async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as { success: boolean; data: T; message: string };
  expect(body.success, body.message).toBe(true);
  return body.data;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Finance's session (with its second factor), made once per worker and kept: the server takes
 * each 30-second step's code once, so logging in for every test would run out of codes.
 */
let financeSession: Promise<{ finance: APIRequestContext; csrf: string }> | null = null;

async function financeLogin(baseURL: string) {
  const finance = await playwrightRequest.newContext({ baseURL });
  const first = await data<{ next: string; challenge: string }>(
    await finance.post('/api/StaffAuth/Login', {
      data: { userName: 'finance', password: STAFF_PASSWORD },
    }),
  );
  expect(first.next).toBe('totp');
  const totp = new TOTP({ secret: FINANCE_TOTP_SECRET, digits: 6, period: 30, algorithm: 'SHA1' });
  // Each step's code is taken once; another spec may have used this step's: the next one, or
  // the one after once the next step has begun.
  for (const attempt of [0, 1, 2]) {
    if (attempt === 2) {
      await new Promise((resolve) =>
        setTimeout(resolve, TOTP_PERIOD_MS - (Date.now() % TOTP_PERIOD_MS) + 500),
      );
    }
    const ahead = attempt === 0 ? 0 : TOTP_PERIOD_MS;
    const answer = await finance.post('/api/StaffAuth/VerifyTotp', {
      data: { challenge: first.challenge, code: totp.generate({ timestamp: Date.now() + ahead }) },
    });
    // VerifyTotp answers the session itself.
    const body = (await answer.json()) as { success: boolean; data: { csrfToken: string } | null };
    if (body.success && body.data) return { finance, csrf: body.data.csrfToken };
  }
  throw new Error('finance could not log in: every TOTP code was used');
}

/**
 * Staff through the API: the engineer passes the order (→ 待付款), finance credits the
 * member's balance (StaffLedger/Adjust, with its second factor).
 */
export async function staff(baseURL: string) {
  const engineer = await playwrightRequest.newContext({ baseURL });
  const login = await data<{ session: { csrfToken: string } }>(
    await engineer.post('/api/StaffAuth/Login', {
      data: { userName: 'engineer', password: STAFF_PASSWORD },
    }),
  );
  return {
    pass: async (id: number) =>
      data(
        await engineer.post('/api/StaffOrder/Pass', {
          headers: { 'x-csrf-token': login.session.csrfToken },
          data: { id },
        }),
      ),
    credit: async (memberId: number, amount: number) => {
      financeSession ??= financeLogin(baseURL);
      const { finance, csrf } = await financeSession;
      return data(
        await finance.post('/api/StaffLedger/Adjust', {
          headers: { 'x-csrf-token': csrf },
          data: {
            memberId,
            account: 'balance',
            amount,
            reason: '测试：线下预存款入账',
            requestId: randomUUID(),
          },
        }),
      );
    },
    dispose: async () => {
      await engineer.dispose();
    },
  };
}

/** A fresh member with a PCB order at 待付款 and `balance` fen of balance (none: 0). */
export async function memberWithOrderToPay(
  request: APIRequestContext,
  baseURL: string,
  balance = 100_000,
): Promise<{ order: PlacedPcbOrder; memberId: number }> {
  const order = await placePcbOrder(request);
  const me = await data<{ id: number }>(
    await request.get('/api/MemberInfo/Get', { headers: bearer(order.token) }),
  );
  const factory = await staff(baseURL);
  await factory.pass(order.id);
  if (balance > 0) await factory.credit(me.id, balance);
  await factory.dispose();
  return { order, memberId: me.id };
}

/**
 * Sets the payment password through the API (an SMS code to the member's mobile). Every other
 * token of the member dies: the answer is the session's new one.
 */
export async function apiSetPaymentPassword(
  request: APIRequestContext,
  member: { token: string; mobile: string },
  password: string,
): Promise<string> {
  const outbox = async () =>
    data<{ text: string }[]>(await request.get(`/api/Sandbox/SmsOutbox?mobile=${member.mobile}`));
  const before = (await outbox()).length;
  await data(
    await request.post('/api/MemberAuth/SendChangePaymentPasswordMessage', {
      headers: bearer(member.token),
      data: {
        mobile: member.mobile,
        ncVerifyDto: { provider: 'altcha', token: await captchaToken(request) },
      },
    }),
  );
  await expect.poll(async () => (await outbox()).length).toBeGreaterThan(before);
  const { accessToken } = await data<{ accessToken: string }>(
    await request.patch('/api/MemberAuth/ChangePaymentPassword', {
      headers: bearer(member.token),
      data: {
        mobile: member.mobile,
        smsCode: await latestSmsCode(request, member.mobile),
        password,
      },
    }),
  );
  return accessToken;
}

/** ¥1,234.50 as the screens write fen. */
export const yuanText = (fen: number) =>
  `¥${Math.floor(fen / 100).toLocaleString('en-US')}.${String(fen % 100).padStart(2, '0')}`;

/** ¥1234.50 as the providers' cashiers write it (no thousands separator). */
export const cashierYuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

async function noHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
}

/**
 * Checks the screen as it is (no overflow, nothing axe-core finds, unless `axe: false` for the
 * providers' stand-in pages) and keeps a picture of it.
 */
export async function shot(page: Page, name: string, options: { axe?: boolean } = {}) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getTiming().iterations !== Infinity)
        // A cancelled animation rejects `finished` (AbortError): it is at rest too.
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  await noHorizontalOverflow(page);
  if (options.axe !== false) await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** A key of the number keyboard on screen. */
export const keyboardKey = (page: Page, text: string) =>
  page.locator('.adm-number-keyboard-key:visible').filter({ hasText: new RegExp(`^${text}$`) });

export async function typeDigits(page: Page, digits: string) {
  await expect(keyboardKey(page, '0')).toHaveCount(1);
  for (const digit of digits) await keyboardKey(page, digit).click();
}
