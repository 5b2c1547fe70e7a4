import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canonicalQuery, percentEncode, signRpc } from './rpc-client';

describe('Aliyun RPC signature v1', () => {
  it('percent-encodes as Aliyun specifies', () => {
    expect(percentEncode("a b*c~d!'()")).toBe('a%20b%2Ac~d%21%27%28%29');
    expect(percentEncode('会员')).toBe('%E4%BC%9A%E5%91%98');
  });

  it('matches the documented example', () => {
    // The worked example of Aliyun's signature documentation (DescribeRegions, secret "testsecret").
    const params = {
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      Format: 'XML',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      SignatureVersion: '1.0',
      Timestamp: '2016-02-23T12:46:24Z',
      Version: '2014-05-26',
    };
    expect(signRpc('GET', params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('signs the sorted, encoded query with secret + "&"', () => {
    const params = { b: '2', a: 'x y' };
    expect(canonicalQuery(params)).toBe('a=x%20y&b=2');
    const expected = createHmac('sha1', 'key&')
      .update(`POST&%2F&${encodeURIComponent('a=x%20y&b=2')}`)
      .digest('base64');
    expect(signRpc('POST', params, 'key')).toBe(expected);
  });
});
