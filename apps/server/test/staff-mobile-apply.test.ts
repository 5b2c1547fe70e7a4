import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MobileApply } from '@pcb/contract';
import { realInvoiceMailEnv } from './fixtures/invoice-mail-env';
import { realPaymentEnv } from './fixtures/payment-env';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';
import {
  auditRows,
  createStaff,
  sessionFor,
  staffCall,
  type StaffSessionForTest,
} from './staff-support';
import { uploadIdentityDocument } from './upload-support';

let t: TestApp;
let sales: StaffSessionForTest;
beforeAll(async () => {
  t = await buildTestApp();
  sales = await sessionFor(t, (await createStaff(t, { roles: ['sales'], realName: '钱业务' })).id);
});
afterAll(async () => t?.close());

/** A member who lost the old number applies for a new one, as the member centre does it. */
async function pendingApply() {
  const mobile = uniqueMobile();
  const { id, token } = await t.createMember({ mobile });
  const newMobile = uniqueMobile();
  const res = await t.post<MobileApply>(
    '/api/MemberUpMobileApply/Create',
    {
      newMobile,
      smsCode: await t.sendCode('/api/MemberInfo/SendChangeMobileMessage', {
        mobile: newMobile,
        token,
      }),
      reason: '原手机号已停用，无法接收短信',
      idDocumentKey: await uploadIdentityDocument(t, token),
    },
    { token },
  );
  if (!res.body.success) throw new Error(res.body.message);
  return { memberId: id, token, mobile, newMobile, applyId: res.body.data.id };
}

const latest = async (token: string) =>
  (await t.get<MobileApply | null>('/api/MemberUpMobileApply/GetLatest', { token })).body.data;

describe('mobile-change applications, reviewed by staff', () => {
  it('lists and shows one with a short-lived link to the identity document', async () => {
    const a = await pendingApply();
    const list = await staffCall<{
      items: { id: number; status: string; newMobileMasked: string }[];
    }>(t, sales, 'GET', '/api/StaffMobileApply/List', { status: 'pending' });
    expect(list.body.data.items.find((i) => i.id === a.applyId)).toMatchObject({
      status: 'pending',
      newMobileMasked: `${a.newMobile.slice(0, 3)}****${a.newMobile.slice(7)}`,
    });
    const one = await staffCall<{ idDocumentUrl: string }>(
      t,
      sales,
      'GET',
      '/api/StaffMobileApply/Get',
      { id: a.applyId },
    );
    const url = one.body.data.idDocumentUrl;
    expect(url).toMatch(
      /^\/sandbox\/oss\/identity\/\d+\/[\w-]+\.pdf\?OSSAccessKeyId=.+&Expires=\d+&Signature=/,
    );
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('%PDF-1.4 test');
    expect(
      (await t.app.inject({ method: 'GET', url: url.replace(/Signature=[^&]+/, 'Signature=x') }))
        .statusCode,
    ).toBe(403);
    t.clock.advance(6 * 60_000);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(403);
    sales = await sessionFor(t, sales.staffId);
  });

  it('approves: the mobile changes, every session ends, the new number gets an SMS, the member sees it', async () => {
    const a = await pendingApply();
    expect(await latest(a.token)).toMatchObject({
      id: a.applyId,
      status: 'pending',
      decidedAt: null,
    });
    const res = await staffCall(t, sales, 'POST', '/api/StaffMobileApply/Approve', {
      id: a.applyId,
    });
    expect(res.status).toBe(200);
    expect((await t.get('/api/MemberInfo/Get', { token: a.token })).status).toBe(401);
    const { rows } = await t.database.pool.query('SELECT mobile FROM member WHERE id = $1', [
      a.memberId,
    ]);
    expect(rows[0].mobile).toBe(a.newMobile);
    const [notice] = await t.outbox(a.newMobile);
    expect(notice?.text).toContain('手机号已更换为');
    const login = await t.post<{ accessToken: string }>('/api/MemberAuth/Login', {
      userNameOrMobile: a.newMobile,
      password: 'Passw0rd!',
      ncVerifyDto: await t.solveCaptcha(),
    });
    expect(login.status).toBe(200);
    const seen = await latest(login.body.data.accessToken);
    expect(seen).toMatchObject({ id: a.applyId, status: 'approved', rejectReason: null });
    // Decided at the server's clock, as the member reads it.
    expect(seen?.decidedAt).toBe(t.clock.now().toISOString());
    const [audit] = await auditRows(t, `action = 'StaffMobileApply.Approve' AND object_id = $1`, [
      String(a.applyId),
    ]);
    expect(audit).toMatchObject({ staff_id: sales.staffId, object_type: 'mobileApply' });

    const again = await staffCall(t, sales, 'POST', '/api/StaffMobileApply/Approve', {
      id: a.applyId,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('该申请已处理（当前为「已通过」），请刷新后查看');
  });

  it('refuses to approve when the number was taken meanwhile, and changes nothing', async () => {
    const a = await pendingApply();
    await t.createMember({ mobile: a.newMobile });
    const before = (await auditRows(t)).length;
    const res = await staffCall(t, sales, 'POST', '/api/StaffMobileApply/Approve', {
      id: a.applyId,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('该手机号已被其他账号使用');
    expect((await latest(a.token))?.status).toBe('pending');
    expect((await t.get('/api/MemberInfo/Get', { token: a.token })).status).toBe(200);
    expect((await auditRows(t)).length).toBe(before);
    expect(await t.outbox(a.newMobile)).toHaveLength(1);
  });

  it('rejects with a reason the member reads', async () => {
    const a = await pendingApply();
    const res = await staffCall(t, sales, 'POST', '/api/StaffMobileApply/Reject', {
      id: a.applyId,
      reason: '证明材料不清晰',
    });
    expect(res.status).toBe(200);
    expect(await latest(a.token)).toMatchObject({
      status: 'rejected',
      rejectReason: '证明材料不清晰',
    });
    expect((await t.get('/api/MemberInfo/Get', { token: a.token })).status).toBe(200);
    const approve = await staffCall(t, sales, 'POST', '/api/StaffMobileApply/Approve', {
      id: a.applyId,
    });
    expect(approve.status).toBe(409);
    const list = await staffCall<{
      items: { id: number; decidedBy: { realName: string } | null }[];
    }>(t, sales, 'GET', '/api/StaffMobileApply/List', { status: 'rejected' });
    expect(list.body.data.items.find((i) => i.id === a.applyId)?.decidedBy?.realName).toBe(
      '钱业务',
    );
  });

  it('answers null to a member who never applied', async () => {
    const { token } = await t.createMember({ mobile: uniqueMobile() });
    expect(await latest(token)).toBeNull();
  });
});

describe('the SMS outbox in the console', () => {
  it('lists the sandbox texts for admins outside production', async () => {
    const admin = await sessionFor(t, (await createStaff(t, { roles: ['admin'] })).id);
    const a = await pendingApply();
    const res = await staffCall<{ items: { mobile: string; kind: string }[]; total: number }>(
      t,
      admin,
      'GET',
      '/api/StaffOutbox/List',
      { mobile: a.newMobile },
    );
    expect(res.body.data.items).toEqual([
      expect.objectContaining({ mobile: a.newMobile, kind: 'verificationCode' }),
    ]);
    expect(res.body.data.total).toBe(1);
  });

  it('is 404 in production', async () => {
    const prod = await buildTestApp({
      env: {
        NODE_ENV: 'production',
        JWT_SECRET: 'x'.repeat(40),
        ALTCHA_HMAC_KEY: 'y'.repeat(40),
        SMS_PROVIDER: 'aliyun',
        ALIYUN_SMS_ACCESS_KEY_ID: 'id',
        ALIYUN_SMS_ACCESS_KEY_SECRET: 'secret',
        ALIYUN_SMS_SIGN_NAME: 'sign',
        ALIYUN_SMS_TEMPLATE_CODE: 'SMS_1',
        ALIYUN_SMS_REGISTERED_TEMPLATE_CODE: 'SMS_2',
        ALIYUN_SMS_RELATION_TEMPLATE_CODE: 'SMS_3',
        WECHAT_APP_ID: 'wx0123456789abcdef',
        WECHAT_APP_SECRET: 'wechat-secret',
        OSS_ACCESS_KEY_ID: 'LTAI-oss',
        OSS_ACCESS_KEY_SECRET: 'oss-secret',
        OSS_BUCKET_HOST: 'https://pcb-files.oss-cn-shenzhen.aliyuncs.com',
        TIANYANCHA_TOKEN: 'tyc-token',
        KUAIDI100_CUSTOMER: 'kd100-customer',
        KUAIDI100_KEY: 'kd100-key',
        ...realPaymentEnv,
        ...realInvoiceMailEnv,
        PUBLIC_ORIGIN: 'https://m.example.com',
      },
    });
    try {
      const admin = await sessionFor(prod, (await createStaff(prod, { roles: ['admin'] })).id);
      const res = await staffCall(prod, admin, 'GET', '/api/StaffOutbox/List');
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('接口不存在');
    } finally {
      await prod.close();
    }
  });
});
