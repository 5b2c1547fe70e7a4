import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAliyun } from '../../../test/fake-aliyun';
import { signRpc } from '../aliyun/rpc-client';
import { createAliyunSms } from './aliyun-sms';
import { SmsSendError } from './sms';

let fake: Awaited<ReturnType<typeof startFakeAliyun>>;
beforeAll(async () => {
  fake = await startFakeAliyun((params) =>
    params.PhoneNumbers === '13000000000'
      ? { body: { Code: 'isv.BUSINESS_LIMIT_CONTROL', Message: '触发天级流控' } }
      : { body: { Code: 'OK', Message: 'OK', BizId: '900619746936498440^0', RequestId: 'r1' } },
  );
});
afterAll(async () => fake?.close());

const sms = () =>
  createAliyunSms({
    accessKeyId: 'LTAI-test-id',
    accessKeySecret: 'test-secret',
    endpoint: fake.endpoint,
    signName: '会员中心',
    templateCode: 'SMS_100001',
    registeredTemplateCode: 'SMS_100002',
    relationTemplateCode: 'SMS_100003',
  });

describe('Aliyun SendSms adapter', () => {
  it('sends a correctly signed SendSms request', async () => {
    await sms().send({
      mobile: '13800138000',
      kind: 'verificationCode',
      params: { code: '123456' },
      text: 'x',
    });
    const call = fake.calls.at(-1);
    expect(call?.method).toBe('POST');
    expect(call?.contentType).toBe('application/x-www-form-urlencoded');
    const { Signature, ...signed } = call?.params ?? {};
    expect(signed).toMatchObject({
      Action: 'SendSms',
      Version: '2017-05-25',
      Format: 'JSON',
      AccessKeyId: 'LTAI-test-id',
      SignatureMethod: 'HMAC-SHA1',
      SignatureVersion: '1.0',
      PhoneNumbers: '13800138000',
      SignName: '会员中心',
      TemplateCode: 'SMS_100001',
      TemplateParam: '{"code":"123456"}',
    });
    expect(signed.Timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(signed.SignatureNonce).toMatch(/^[0-9a-f-]{36}$/);
    expect(Signature).toBe(signRpc('POST', signed, 'test-secret'));
  });

  it('uses a fresh nonce per call and the notice template for registered numbers', async () => {
    await sms().send({ mobile: '13800138001', kind: 'alreadyRegistered', params: {}, text: 'x' });
    await sms().send({ mobile: '13800138001', kind: 'alreadyRegistered', params: {}, text: 'x' });
    const [a, b] = fake.calls.slice(-2);
    expect(a?.params.TemplateCode).toBe('SMS_100002');
    expect(a?.params.SignatureNonce).not.toBe(b?.params.SignatureNonce);
  });

  it('sends a relation request with its own template', async () => {
    await sms().send({
      mobile: '13800138002',
      kind: 'relationRequest',
      params: { name: '张工（138****8000）' },
      text: 'x',
    });
    const call = fake.calls.at(-1);
    expect(call?.params.TemplateCode).toBe('SMS_100003');
    expect(call?.params.TemplateParam).toBe('{"name":"张工（138****8000）"}');
  });

  it('turns a refusal into SmsSendError', async () => {
    await expect(
      sms().send({
        mobile: '13000000000',
        kind: 'verificationCode',
        params: { code: '1' },
        text: 'x',
      }),
    ).rejects.toBeInstanceOf(SmsSendError);
  });
});
