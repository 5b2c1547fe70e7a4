import { createHash, randomBytes } from 'node:crypto';
import type { StaffRole } from '@pcb/contract';
import { hashPassword } from '../src/lib/password';
import { createTotp } from '../src/modules/staff/totp';
import type { ApiResponse, TestApp } from './helper';

export const STAFF_PASSWORD = 'Staff@2026x';

export interface StaffSessionForTest {
  staffId: number;
  cookie: string;
  csrf: string;
}

export const totpFor = (t: TestApp) => createTotp(t.app.platform.deriveKey('staff-totp-secret'));

/** Inserts a staff account directly; with `totpSecret` its authenticator is enrolled. */
export async function createStaff(
  t: TestApp,
  values: {
    userName?: string;
    realName?: string;
    roles: StaffRole[];
    password?: string;
    totpSecret?: string;
    status?: 'active' | 'disabled';
  },
): Promise<{ id: number; userName: string }> {
  const userName = values.userName ?? `s${randomBytes(5).toString('hex')}`;
  const sealed = values.totpSecret ? totpFor(t).seal(values.totpSecret) : null;
  const { rows } = await t.database.pool.query<{ id: number }>(
    `INSERT INTO staff_account (user_name, real_name, roles, status, password_hash, totp_secret, totp_enabled)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [
      userName,
      values.realName ?? '测试员工',
      values.roles,
      values.status ?? 'active',
      await hashPassword(values.password ?? STAFF_PASSWORD),
      sealed,
      sealed !== null,
    ],
  );
  return { id: rows[0]!.id, userName };
}

/** A session row made directly (the route helper's tests need many, without logins). */
export async function sessionFor(t: TestApp, staffId: number): Promise<StaffSessionForTest> {
  const id = randomBytes(32).toString('base64url');
  const csrf = randomBytes(32).toString('base64url');
  const at = t.clock.now();
  await t.database.pool.query(
    `INSERT INTO staff_session (key, staff_id, csrf_token, created_at, last_seen_at) VALUES ($1, $2, $3, $4, $4)`,
    [createHash('sha256').update(id).digest('hex'), staffId, csrf, at],
  );
  return { staffId, cookie: `pcb_staff=${id}`, csrf };
}

export const cookieOf = (res: ApiResponse): string => {
  const header = res.raw.headers['set-cookie'];
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) throw new Error('no cookie set');
  return value.split(';')[0] ?? '';
};

/** Calls a staff endpoint with the session's cookie and CSRF header. */
export async function staffCall<T = unknown>(
  t: TestApp,
  session: Pick<StaffSessionForTest, 'cookie' | 'csrf'> | null,
  method: 'GET' | 'POST',
  path: string,
  input: Record<string, unknown> = {},
  options: { csrf?: string | null; headers?: Record<string, string> } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (session) headers.cookie = session.cookie;
  const csrf = options.csrf === undefined ? session?.csrf : options.csrf;
  if (csrf) headers['x-csrf-token'] = csrf;
  if (method === 'GET') {
    const query: Record<string, string> = {};
    for (const [k, v] of Object.entries(input)) query[k] = String(v);
    return t.request<T>({ method, url: path, query, headers });
  }
  return t.request<T>({ method, url: path, payload: input, headers });
}

/** Logs in through the endpoints, with the current TOTP code when the account has one. */
export async function staffLogin(
  t: TestApp,
  userName: string,
  options: { password?: string; totpSecret?: string } = {},
): Promise<StaffSessionForTest> {
  const res = await t.post<
    | { next: 'done'; session: { csrfToken: string; staff: { id: number } } }
    | { next: 'totp' | 'enrollTotp'; challenge: string; secret?: string }
  >('/api/StaffAuth/Login', { userName, password: options.password ?? STAFF_PASSWORD });
  if (!res.body.success) throw new Error(`staff login failed: ${res.body.message}`);
  const data = res.body.data;
  if (data.next === 'done') {
    return { staffId: data.session.staff.id, cookie: cookieOf(res), csrf: data.session.csrfToken };
  }
  const secret = data.next === 'enrollTotp' ? data.secret : options.totpSecret;
  if (!secret) throw new Error('a TOTP secret is needed');
  const code = totpFor(t).codeAt(secret, t.clock.now());
  const second = await t.post<{ csrfToken: string; staff: { id: number } }>(
    data.next === 'totp' ? '/api/StaffAuth/VerifyTotp' : '/api/StaffAuth/EnrollTotp',
    { challenge: data.challenge, code },
  );
  if (!second.body.success) throw new Error(`staff TOTP failed: ${second.body.message}`);
  return {
    staffId: second.body.data.staff.id,
    cookie: cookieOf(second),
    csrf: second.body.data.csrfToken,
  };
}

export async function auditRows(t: TestApp, where = 'TRUE', params: unknown[] = []) {
  const { rows } = await t.database.pool.query<{
    staff_id: number | null;
    action: string;
    object_type: string;
    object_id: string | null;
    before: Record<string, unknown> | null;
    after: Record<string, unknown> | null;
    ip: string;
  }>(`SELECT * FROM audit_log WHERE ${where} ORDER BY id`, params);
  return rows;
}
