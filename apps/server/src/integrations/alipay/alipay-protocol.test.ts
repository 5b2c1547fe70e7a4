import { createPublicKey } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DOCUMENTED_REQUEST,
  DOCUMENTED_REQUEST_SIGNATURE,
  REAL_ANSWER,
  REAL_ANSWER_ALIPAY_PUBLIC_KEY,
  REAL_NOTIFY_ALIPAY_PUBLIC_KEY,
  REAL_NOTIFY_FIELDS,
  TEST_MERCHANT_PRIVATE_KEY,
  TEST_MERCHANT_PUBLIC_KEY,
} from '../../../test/fixtures/alipay';
import { fenToYuan, MAX_ALIPAY_FEN, yuanToFen } from './alipay-amount';
import {
  loadPrivateKey,
  loadPublicKey,
  notifySignContent,
  parseForm,
  rawJsonMembers,
  requestSignContent,
  signRequest,
  signRsa2,
  verifyRsa2,
} from './alipay-sign';
import { formatAlipayTime, parseAlipayTime } from './alipay-time';

describe('request signing (Alipay open platform, RSA2)', () => {
  it('builds the documented sign content: sorted, raw values, sign left out, sign_type in', () => {
    expect(requestSignContent(DOCUMENTED_REQUEST.params)).toBe(DOCUMENTED_REQUEST.signContent);
    expect(
      requestSignContent({ ...DOCUMENTED_REQUEST.params, sign: 'x', app_auth_token: '' }),
    ).toBe(DOCUMENTED_REQUEST.signContent);
  });

  it('signs it to the pinned SHA256withRSA signature, which the public key verifies', () => {
    const key = loadPrivateKey(TEST_MERCHANT_PRIVATE_KEY);
    const signed = signRequest(DOCUMENTED_REQUEST.params, key);
    expect(signed.sign).toBe(DOCUMENTED_REQUEST_SIGNATURE);
    const publicKey = loadPublicKey(TEST_MERCHANT_PUBLIC_KEY);
    expect(
      verifyRsa2(DOCUMENTED_REQUEST.signContent, DOCUMENTED_REQUEST_SIGNATURE, publicKey),
    ).toBe(true);
    expect(
      verifyRsa2(
        DOCUMENTED_REQUEST.signContent.replace('0.01', '0.02'),
        DOCUMENTED_REQUEST_SIGNATURE,
        publicKey,
      ),
    ).toBe(false);
  });

  it('reads keys as PEM or as the bare base64 of Alipay’s key tool (PKCS#1, PKCS#8, SPKI)', () => {
    const pem = loadPrivateKey(TEST_MERCHANT_PRIVATE_KEY);
    const bare = (text: string) => text.replace(/-----[^-]+-----/g, '').replace(/\s+/g, '');
    const pkcs1 = loadPrivateKey(bare(TEST_MERCHANT_PRIVATE_KEY));
    const pkcs8 = loadPrivateKey(bare(pem.export({ type: 'pkcs8', format: 'pem' }).toString()));
    const publicKey = loadPublicKey(bare(TEST_MERCHANT_PUBLIC_KEY));
    for (const key of [pkcs1, pkcs8]) {
      expect(signRsa2(DOCUMENTED_REQUEST.signContent, key)).toBe(DOCUMENTED_REQUEST_SIGNATURE);
    }
    expect(
      publicKey
        .export({ type: 'spki', format: 'der' })
        .equals(createPublicKey(TEST_MERCHANT_PUBLIC_KEY).export({ type: 'spki', format: 'der' })),
    ).toBe(true);
  });
});

describe('notify verification (Alipay’s own signed notify)', () => {
  const alipayKey = loadPublicKey(REAL_NOTIFY_ALIPAY_PUBLIC_KEY);
  const { sign } = REAL_NOTIFY_FIELDS;

  it('verifies a real notify over its fields without sign and sign_type', () => {
    const content = notifySignContent(REAL_NOTIFY_FIELDS);
    expect(content).toMatch(/^app_id=2019073166072302&auth_app_id=/);
    expect(content).not.toMatch(/sign_type=|&sign=/);
    expect(verifyRsa2(content, sign ?? '', alipayKey)).toBe(true);
  });

  it('the same notify fails when sign_type is kept in, or any value changes', () => {
    const withSignType = Object.entries(REAL_NOTIFY_FIELDS)
      .filter(([key]) => key !== 'sign')
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, value]) => `${key}=${value}`)
      .join('&');
    expect(verifyRsa2(withSignType, sign ?? '', alipayKey)).toBe(false);
    const changed = { ...REAL_NOTIFY_FIELDS, total_amount: '100.00' };
    expect(verifyRsa2(notifySignContent(changed), sign ?? '', alipayKey)).toBe(false);
  });

  it('decodes the form once: + and %20 are spaces, %2B a plus, a repeated field is refused', () => {
    const body = new URLSearchParams(REAL_NOTIFY_FIELDS).toString();
    expect(body).toContain('gmt_create=2019-08-15+15%3A56%3A22');
    expect(parseForm(body)).toEqual(REAL_NOTIFY_FIELDS);
    expect(parseForm(body.replaceAll('+', '%20'))).toEqual(REAL_NOTIFY_FIELDS);
    expect(parseForm('a=1%2B1&b=x+y')).toEqual({ a: '1+1', b: 'x y' });
    expect(parseForm(`${body}&total_amount=100.00`)).toBeNull();
  });

  it('refuses malformed signatures without throwing', () => {
    const content = notifySignContent(REAL_NOTIFY_FIELDS);
    for (const bad of ['', 'not base64!', '%%%', 'QfTb8tqE1BMhS5q']) {
      expect(verifyRsa2(content, bad, alipayKey)).toBe(false);
    }
  });
});

describe('answer verification (Alipay’s own signed answer)', () => {
  const alipayKey = loadPublicKey(REAL_ANSWER_ALIPAY_PUBLIC_KEY);

  it('verifies the exact text of the *_response object', () => {
    const members = rawJsonMembers(REAL_ANSWER);
    const raw = members?.get('alipay_open_file_upload_response') ?? '';
    expect(raw).toBe(
      '{"code":"10000","msg":"Success","file_id":"CAxAToWB1JsAAAAAAAAAAAAADgSLAQBr"}',
    );
    const sign = JSON.parse(members?.get('sign') ?? '""') as string;
    expect(verifyRsa2(raw, sign, alipayKey)).toBe(true);
    expect(verifyRsa2(raw.replace('10000', '10001'), sign, alipayKey)).toBe(false);
  });

  it('finds the same text whatever the spacing around it, escapes and nesting inside it', () => {
    const spaced = REAL_ANSWER.replace('{"alipay_open', '{ \n "alipay_open').replace(
      ',"sign":',
      ' ,\r\n  "sign"  :  ',
    );
    expect(rawJsonMembers(spaced)?.get('alipay_open_file_upload_response')).toBe(
      rawJsonMembers(REAL_ANSWER)?.get('alipay_open_file_upload_response'),
    );
    const nested = '{"a_response":{"x":"}\\"{","y":[1,{"z":"]"}]},"sign":"s"}';
    expect(rawJsonMembers(nested)?.get('a_response')).toBe('{"x":"}\\"{","y":[1,{"z":"]"}]}');
    expect(rawJsonMembers('{"a":1,"a":2}')).toBeNull();
    expect(rawJsonMembers('[1]')).toBeNull();
    expect(rawJsonMembers('{"a":')).toBeNull();
  });
});

describe('fen and yuan', () => {
  it('writes fen as Alipay’s yuan strings', () => {
    expect(fenToYuan(0)).toBe('0.00');
    expect(fenToYuan(1)).toBe('0.01');
    expect(fenToYuan(10)).toBe('0.10');
    expect(fenToYuan(100)).toBe('1.00');
    expect(fenToYuan(1230)).toBe('12.30');
    expect(fenToYuan(123_456_789)).toBe('1234567.89');
    expect(fenToYuan(MAX_ALIPAY_FEN)).toBe('100000000.00');
    for (const bad of [-1, 1.5, Number.NaN, Infinity, MAX_ALIPAY_FEN + 1]) {
      expect(() => fenToYuan(bad)).toThrow(RangeError);
    }
  });

  it('reads Alipay’s yuan strings exactly, and nothing else', () => {
    expect(yuanToFen('12.30')).toBe(1230);
    expect(yuanToFen('12.3')).toBe(1230);
    expect(yuanToFen('12')).toBe(1200);
    expect(yuanToFen('0.01')).toBe(1);
    expect(yuanToFen('0.1')).toBe(10);
    expect(yuanToFen('0.29')).toBe(29); // 0.29 * 100 is 28.999999999999996 in floats
    expect(yuanToFen('100000000.00')).toBe(MAX_ALIPAY_FEN);
    for (const bad of [
      '',
      '-1.00',
      '+1.00',
      '1.234',
      '01.00',
      '1e3',
      ' 1.00',
      '1.00 ',
      '.5',
      '1.',
      '1,000.00',
      '１２.３０',
      '100000000.01',
      'NaN',
    ]) {
      expect(yuanToFen(bad), bad).toBeNull();
    }
  });

  it('round-trips every amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_ALIPAY_FEN }), (fen) => {
        expect(yuanToFen(fenToYuan(fen))).toBe(fen);
      }),
    );
  });
});

describe('Alipay time (Beijing, whatever the server’s zone)', () => {
  it('formats and reads yyyy-MM-dd HH:mm:ss at UTC+8', () => {
    const instant = new Date('2016-08-25T12:26:31Z');
    expect(formatAlipayTime(instant)).toBe('2016-08-25 20:26:31');
    expect(parseAlipayTime('2016-08-25 20:26:31')?.toISOString()).toBe('2016-08-25T12:26:31.000Z');
    // 23:30 UTC is already the next day in Beijing.
    expect(formatAlipayTime(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01 07:30:00');
  });

  it('refuses times that do not exist or have another shape', () => {
    for (const bad of ['2024-02-30 00:00:00', '2024-01-01T00:00:00', '2024-1-1 0:0:0', '']) {
      expect(parseAlipayTime(bad), bad).toBeNull();
    }
  });
});
