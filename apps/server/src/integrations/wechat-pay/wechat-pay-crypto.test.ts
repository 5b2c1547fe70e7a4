import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  documentedStrings,
  goSdkNotify,
  goSdkSigner,
  javaSdkAead,
  javaSdkCertificateDownload,
} from './published-examples';
import {
  answerSignatureMessage,
  certificateSerial,
  decryptResource,
  encryptResource,
  formatAuthorization,
  isFreshTimestamp,
  parseAuthorization,
  paySignMessage,
  privateKeyFrom,
  publicKeyFrom,
  requestSignatureMessage,
  ResourceDecryptError,
  signSha256Rsa,
  verifySha256Rsa,
} from './wechat-pay-crypto';

describe('WeChat Pay v3 signing against the published examples', () => {
  it('builds the documented request signature string', () => {
    const r = documentedStrings.request;
    expect(requestSignatureMessage(r.method, r.url, r.timestamp, r.nonce, r.body)).toBe(r.message);
  });

  it('builds the documented JSAPI paySign string', () => {
    const j = documentedStrings.jsapi;
    expect(paySignMessage(j.appId, j.timeStamp, j.nonceStr, j.package)).toBe(j.message);
  });

  it('formats and reads back the documented Authorization header', () => {
    const parts = parseAuthorization(documentedStrings.authorization);
    expect(parts).toMatchObject({
      mchid: '1900009191',
      nonce_str: '593BEC0C930BF1AFEB40B4A08C8FB242',
      timestamp: '1554208460',
      serial_no: '1DDE55AD98ED71D6EDD4A4A16996DE7B47773A8C',
    });
    expect(parts?.signature).toMatch(/^uOVRnA4q[A-Za-z0-9+/]{334}==$/);
    // Our header carries the same five fields; WeChat reads them in any order.
    expect(parseAuthorization(formatAuthorization(parts!))).toEqual(parts);
    expect(parseAuthorization('WECHATPAY2-SHA256-RSA2048 mchid="1"')).toBeNull();
    expect(parseAuthorization('Bearer x')).toBeNull();
  });

  it('signs exactly as the Go SDK’s published vector (SHA256 with RSA, base64)', () => {
    const key = privateKeyFrom(goSdkSigner.privateKey);
    expect(signSha256Rsa(goSdkSigner.message, key)).toBe(goSdkSigner.signature);
    expect(signSha256Rsa('sourcE', key)).not.toBe(goSdkSigner.signature);
  });

  it('verifies the Go SDK’s real notify with its platform certificate, and nothing altered', () => {
    const { headers, body } = goSdkNotify;
    const key = publicKeyFrom(goSdkNotify.platformCertificate);
    expect(certificateSerial(goSdkNotify.platformCertificate)).toBe(headers['wechatpay-serial']);
    const message = answerSignatureMessage(
      headers['wechatpay-timestamp'],
      headers['wechatpay-nonce'],
      body,
    );
    expect(verifySha256Rsa(message, headers['wechatpay-signature'], key)).toBe(true);
    expect(
      verifySha256Rsa(message.replace('签约成功', '签约失败'), headers['wechatpay-signature'], key),
    ).toBe(false);
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    expect(verifySha256Rsa(message, headers['wechatpay-signature'], other)).toBe(false);
    expect(verifySha256Rsa(message, 'not base64!', key)).toBe(false);
  });

  it('decrypts the Go SDK notify’s resource', () => {
    const { resource } = JSON.parse(goSdkNotify.body) as {
      resource: Parameters<typeof decryptResource>[1];
    };
    expect(decryptResource(Buffer.from(goSdkNotify.apiV3Key), resource)).toBe(
      goSdkNotify.plaintext,
    );
  });

  it('decrypts the Java SDK’s AEAD_AES_256_GCM vector, and encrypts to the same ciphertext', () => {
    const v = javaSdkAead;
    const key = Buffer.from(v.apiV3Key);
    const resource = {
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: v.ciphertext,
      associated_data: v.associatedData,
      nonce: v.nonce,
    };
    expect(decryptResource(key, resource)).toBe(v.plaintext);
    expect(encryptResource(key, v.plaintext, v.associatedData, v.nonce)).toEqual(resource);
  });

  it('decrypts a downloaded platform certificate to the serial its answer names', () => {
    const v = javaSdkCertificateDownload;
    const pem = decryptResource(Buffer.from(v.apiV3Key), v.encryptCertificate);
    expect(pem).toMatch(/^-----BEGIN CERTIFICATE-----/);
    expect(certificateSerial(pem)).toBe(v.serialNo);
  });

  it('refuses a wrong key, a changed byte, a changed tag, other associated data or algorithm', () => {
    const v = javaSdkAead;
    const good = {
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: v.ciphertext,
      associated_data: v.associatedData,
      nonce: v.nonce,
    };
    const key = Buffer.from(v.apiV3Key);
    const sealed = Buffer.from(v.ciphertext, 'base64');
    const flip = (at: number) => {
      const copy = Buffer.from(sealed);
      copy[at] = (copy[at] ?? 0) ^ 1;
      return copy.toString('base64');
    };
    const wrong = [
      () => decryptResource(Buffer.from('b7cde1ZJB1kG2e7VfTs3jQzaWizur8Gb'), good),
      () => decryptResource(key, { ...good, ciphertext: flip(0) }),
      () => decryptResource(key, { ...good, ciphertext: flip(sealed.length - 1) }),
      () => decryptResource(key, { ...good, associated_data: 'transaction' }),
      () => decryptResource(key, { ...good, nonce: 'uluk4a9R25RX' }),
      () => decryptResource(key, { ...good, algorithm: 'AEAD_AES_128_GCM' }),
      () => decryptResource(key, { ...good, ciphertext: 'AAAA' }),
    ];
    for (const attempt of wrong) expect(attempt).toThrow(ResourceDecryptError);
  });

  it('takes a timestamp within five minutes either way, and nothing else', () => {
    const now = new Date(1_700_000_000_000);
    expect(isFreshTimestamp('1700000000', now)).toBe(true);
    expect(isFreshTimestamp('1699999700', now)).toBe(true);
    expect(isFreshTimestamp('1699999699', now)).toBe(false);
    expect(isFreshTimestamp('1700000301', now)).toBe(false);
    expect(isFreshTimestamp('17e8', now)).toBe(false);
    expect(isFreshTimestamp(undefined, now)).toBe(false);
  });
});
