import { describe, expect, it } from 'vitest';
import { CompanyDirectoryError } from './company-directory';
import { createTianyanchaDirectory } from './tianyancha-directory';

function fakeFetch(answer: unknown, status = 200) {
  const calls: { url: string; headers: Record<string, string> }[] = [];
  const impl = (async (url: URL, init?: RequestInit) => {
    calls.push({ url: String(url), headers: init?.headers as Record<string, string> });
    return new Response(JSON.stringify(answer), { status });
  }) as unknown as typeof fetch;
  return { impl, calls };
}

const config = { token: 'tyc-token', apiBase: 'http://open.api.tianyancha.com' };

describe('the Tianyancha company directory', () => {
  it('calls search 2.0 with the token header and maps the items', async () => {
    const { impl, calls } = fakeFetch({
      error_code: 0,
      reason: 'ok',
      result: {
        total: 3,
        items: [
          { name: '华为技术<em>有限</em>公司', creditCode: '9144030071526726XG', id: 1 },
          { name: '<em>华为</em>终端有限公司', creditCode: 'not-a-code' },
          { name: 42 },
        ],
      },
    });
    const directory = createTianyanchaDirectory(config, impl);
    const hits = await directory.search('华为', 10);
    expect(calls).toEqual([
      {
        url: 'http://open.api.tianyancha.com/services/open/search/2.0?word=%E5%8D%8E%E4%B8%BA&pageSize=10&pageNum=1',
        headers: { Authorization: 'tyc-token', Accept: 'application/json' },
      },
    ]);
    expect(hits).toEqual([
      { name: '华为技术有限公司', creditCode: '9144030071526726XG' },
      { name: '华为终端有限公司', creditCode: null },
    ]);
  });

  it('answers none for its "no result" code, and fails on other codes or HTTP errors', async () => {
    const none = createTianyanchaDirectory(
      config,
      fakeFetch({ error_code: 300000, reason: '经查无结果' }).impl,
    );
    expect(await none.search('无此公司', 10)).toEqual([]);
    const refused = createTianyanchaDirectory(
      config,
      fakeFetch({ error_code: 300006, reason: '余额不足' }).impl,
    );
    await expect(refused.search('华为', 10)).rejects.toThrow(CompanyDirectoryError);
    const broken = createTianyanchaDirectory(config, fakeFetch({}, 502).impl);
    await expect(broken.search('华为', 10)).rejects.toThrow('Tianyancha answered HTTP 502');
  });
});
