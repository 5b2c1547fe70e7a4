import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { envelope, mockApi } from '@pcb/client/test';
import { rememberFirstHref, reportFirstVisit } from './first-visit';

const FIRST = 'https://m.example.com/member?bd_vid=vid-1&from=miniprogram';

beforeAll(() => rememberFirstHref(FIRST));
afterEach(() => vi.unstubAllGlobals());

describe('reportFirstVisit (spec section 4)', () => {
  it('reports the first page with a new GUID and saves it after success', async () => {
    sessionStorage.setItem('bd_vid', 'vid-1');
    sessionStorage.setItem('from', 'miniprogram');
    const { requests } = mockApi({
      'POST /api/CKInfo/Add': (r) => ({
        body: envelope({ GUID: (r.body as { GUID: string }).GUID }),
      }),
    });
    await reportFirstVisit();
    expect(requests).toHaveLength(1);
    const body = requests[0]?.body as Record<string, string>;
    expect(body.FirstHref).toBe(FIRST);
    expect(body.GUID).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(body.bd_vid).toBe('vid-1');
    expect(body.from).toBe('miniprogram');
    expect(localStorage.getItem('countGUID')).toBe(body.GUID);
  });

  it('leaves out bd_vid and from when the session has none', async () => {
    const { requests } = mockApi({
      'POST /api/CKInfo/Add': () => ({ body: envelope({ GUID: 'x' }) }),
    });
    await reportFirstVisit();
    expect(requests[0]?.body).not.toHaveProperty('bd_vid');
    expect(requests[0]?.body).not.toHaveProperty('from');
  });

  it('does not report again once countGUID is saved', async () => {
    localStorage.setItem('countGUID', '0123abcd-0000-0000-0000-000000000000');
    const { fetchMock } = mockApi({});
    await reportFirstVisit();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves nothing when the report fails, so the next navigation reports again', async () => {
    const { requests } = mockApi({
      'POST /api/CKInfo/Add': () => ({ body: envelope(null, false, '记录失败') }),
    });
    await reportFirstVisit();
    expect(localStorage.getItem('countGUID')).toBeNull();
    mockApi({ 'POST /api/CKInfo/Add': () => 'network-error' });
    await reportFirstVisit();
    expect(localStorage.getItem('countGUID')).toBeNull();
    const retry = mockApi({ 'POST /api/CKInfo/Add': () => ({ body: envelope({ GUID: 'x' }) }) });
    await reportFirstVisit();
    expect(requests).toHaveLength(1);
    expect(retry.requests).toHaveLength(1);
    expect(localStorage.getItem('countGUID')).toBe(
      (retry.requests[0]?.body as { GUID: string }).GUID,
    );
  });

  it('sends one report for navigations that happen while one is on its way', async () => {
    let release: () => void = () => undefined;
    const { requests } = mockApi({
      'POST /api/CKInfo/Add': () =>
        new Promise((resolve) => {
          release = () => resolve({ body: envelope({ GUID: 'x' }) });
        }),
    });
    const first = reportFirstVisit();
    const second = reportFirstVisit();
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    release();
    await Promise.all([first, second]);
    await reportFirstVisit();
    expect(requests).toHaveLength(1);
  });
});
