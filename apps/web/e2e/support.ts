import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { TOTP } from 'otpauth';

export const demo = { mobile: '13800138000', password: 'Demo@2026' };

/** A mobile number no other test uses: 11 digits starting with 1. */
// Two numbers asked for in the same millisecond must still differ (a random suffix alone once
// gave a member's "new" number equal to the old one): successive calls step the suffix by 137,
// which is prime to 1000, from a random start.
const mobileSeed = Math.floor(Math.random() * 1000);
let mobileSeq = 0;

export function uniqueMobile(): string {
  const suffix = (mobileSeed + 137 * mobileSeq++) % 1000;
  return `19${String(Date.now()).slice(-6)}${String(suffix).padStart(3, '0')}`;
}

async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as { success: boolean; data: T; message: string };
  expect(body.success, body.message).toBe(true);
  return body.data;
}

/** Solves the server's ALTCHA challenge as the browser widget does. */
export async function captchaToken(request: APIRequestContext): Promise<string> {
  const challenge = await data<Parameters<typeof solveChallenge>[0]['challenge']>(
    await request.get('/api/Captcha/GetChallenge'),
  );
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/** Registers a fresh member through the API (not the screen) for tests about something else. */
export async function apiRegister(
  request: APIRequestContext,
  account: { mobile: string; password: string },
): Promise<string> {
  await data(
    await request.post('/api/MemberAuth/SendRegisterMessage', {
      data: {
        mobile: account.mobile,
        ncVerifyDto: { provider: 'altcha', token: await captchaToken(request) },
      },
    }),
  );
  const result = await data<{ accessToken: string }>(
    await request.post('/api/MemberAuth/Register', {
      data: {
        mobile: account.mobile,
        smsCode: await latestSmsCode(request, account.mobile),
        password: account.password,
        agreement: true,
      },
    }),
  );
  return result.accessToken;
}

/** Logs in through the API (not the screen) for tests about something else. */
export async function apiLogin(request: APIRequestContext, account = demo): Promise<string> {
  const result = await data<{ accessToken: string }>(
    await request.post('/api/MemberAuth/Login', {
      data: {
        userNameOrMobile: account.mobile,
        password: account.password,
        userAgent: 'e2e',
        ncVerifyDto: { provider: 'altcha', token: await captchaToken(request) },
      },
    }),
  );
  return result.accessToken;
}

export async function useToken(page: Page, token: string): Promise<void> {
  await page.addInitScript((t) => {
    if (!sessionStorage.getItem('e2e-token-set')) {
      localStorage.setItem('accessToken', t);
      sessionStorage.setItem('e2e-token-set', '1');
    }
  }, token);
}

/** The newest 6-digit code the SMS sandbox "sent" to this mobile. */
export async function latestSmsCode(request: APIRequestContext, mobile: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      const outbox = await data<{ text: string }[]>(
        await request.get(`/api/Sandbox/SmsOutbox?mobile=${mobile}`),
      );
      code = outbox[0]?.text.match(/\d{6}/)?.[0];
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code as string;
}

/** Taps the human-verification control and waits until the proof is accepted locally. */
export async function passHumanVerification(page: Page): Promise<void> {
  const control = page.getByTestId('human-verification');
  await expect(control).toHaveAttribute('data-status', /idle|verified/);
  if ((await control.getAttribute('data-status')) !== 'verified') await control.click();
  await expect(control).toHaveAttribute('data-status', 'verified');
}

export const toast = (page: Page, text: string) =>
  page.locator('.adm-toast-main').filter({ hasText: text });

/** The demo staff of the seed (README): all share a password; admin logs in with a second factor. */
export const STAFF_PASSWORD = 'Staff@2026';
export const ADMIN_TOTP_SECRET = 'PCBDEMOADMINSECRET234567ABCDEFGH';
const TOTP_PERIOD_MS = 30_000;

/**
 * Logs a staff member into the console through its screens, with the second factor when given
 * a secret. The server takes each 30-second step's code once, and accepts the next step's a
 * step early; an admin login a moment before (another spec) may have used the current one.
 * So: the current code, else the next step's, else the one after once the next step begins.
 */
export async function consoleLogin(
  page: Page,
  userName: string,
  totpSecret?: string,
  loginUrl = '/console/login',
) {
  await page.goto(loginUrl);
  await page.getByLabel('用户名').fill(userName);
  await page.getByLabel('密码').fill(STAFF_PASSWORD);
  await page.getByRole('button', { name: '登录' }).click();
  if (totpSecret) {
    const totp = new TOTP({ secret: totpSecret, digits: 6, period: 30, algorithm: 'SHA1' });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      // After two used steps, the step after the next is fresh once the next has begun.
      if (attempt === 2) {
        await page.waitForTimeout(TOTP_PERIOD_MS - (Date.now() % TOTP_PERIOD_MS) + 500);
      }
      const ahead = attempt === 0 ? 0 : TOTP_PERIOD_MS;
      await page.getByPlaceholder('6位数字').fill(totp.generate({ timestamp: Date.now() + ahead }));
      const answer = page.waitForResponse((r) => r.url().includes('/api/StaffAuth/VerifyTotp'));
      await page.getByRole('button', { name: '验证并登录' }).click();
      const { success, message } = (await (await answer).json()) as {
        success: boolean;
        message: string;
      };
      if (success || !message.includes('已使用')) break;
    }
  }
  await expect(page).not.toHaveURL(/\/console\/login/);
}

/**
 * Clicks `name` in the console's confirm dialog (antd's `modal.confirm`) once it has finished
 * opening. Clicked while it was still zooming in, the click once landed where the button was
 * not yet and nothing happened (CI: the dialog stayed open, no request was sent).
 */
export async function confirmDialog(page: Page, name: string | RegExp): Promise<void> {
  const dialog = page.locator('.ant-modal-confirm');
  await expect(dialog).toBeVisible();
  // antd's motion classes (`ant-zoom-appear…`) are on the dialog while it opens.
  await expect(dialog).not.toHaveClass(/\bant-zoom-/);
  await dialog.getByRole('button', { name }).click();
}
