import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeAliyun } from '../../../test/fake-aliyun';
import { signRpc } from '../aliyun/rpc-client';
import { createAliyunVerifier } from './aliyun-verifier';

let fake: Awaited<ReturnType<typeof startFakeAliyun>>;
beforeAll(async () => {
  fake = await startFakeAliyun((params) => {
    if (params.CaptchaVerifyParam === 'server-error')
      return { status: 500, body: { Code: 'InternalError' } };
    return {
      body: {
        RequestId: 'r1',
        Success: true,
        Code: 'Success',
        Result: { VerifyResult: params.CaptchaVerifyParam === 'good', VerifyCode: 'T001' },
      },
    };
  });
});
afterAll(async () => fake?.close());

const errors: unknown[] = [];
const verifier = () =>
  createAliyunVerifier(
    {
      accessKeyId: 'cap-id',
      accessKeySecret: 'cap-secret',
      endpoint: fake.endpoint,
      sceneId: 'scene-1',
      prefix: 'px1',
      region: 'cn-shanghai',
    },
    (e) => errors.push(e),
  );

describe('Aliyun captcha 2.0 adapter', () => {
  it('calls VerifyIntelligentCaptcha with a valid signature', async () => {
    expect(await verifier().verify({ provider: 'aliyun', token: 'good' }, '1.2.3.4')).toBe(true);
    const { Signature, ...signed } = fake.calls.at(-1)?.params ?? {};
    expect(signed).toMatchObject({
      Action: 'VerifyIntelligentCaptcha',
      Version: '2023-03-05',
      AccessKeyId: 'cap-id',
      CaptchaVerifyParam: 'good',
      SceneId: 'scene-1',
      SignatureMethod: 'HMAC-SHA1',
    });
    expect(Signature).toBe(signRpc('POST', signed, 'cap-secret'));
  });

  it('refuses when Aliyun says no, when the call fails, and for the wrong provider', async () => {
    expect(await verifier().verify({ provider: 'aliyun', token: 'bad' }, '1.2.3.4')).toBe(false);
    expect(await verifier().verify({ provider: 'aliyun', token: 'server-error' }, '1.2.3.4')).toBe(
      false,
    );
    expect(errors.length).toBeGreaterThan(0);
    const before = fake.calls.length;
    expect(await verifier().verify({ provider: 'altcha', token: 'good' }, '1.2.3.4')).toBe(false);
    expect(fake.calls.length).toBe(before);
  });

  it('publishes the widget parameters and offers no challenge', () => {
    const v = verifier();
    expect(v.publicConfig()).toEqual({
      provider: 'aliyun',
      sceneId: 'scene-1',
      prefix: 'px1',
      region: 'cn-shanghai',
    });
    expect(v.createChallenge).toBeUndefined();
  });
});
