import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { defaultPcbParams, defaultPriceSheet, pricePcb, yuan } from '@pcb/pricing';
import { envelope, fakeToken, inOneHour, mockApi } from '@pcb/client/test';
import { documentNavigation } from '../../../lib/document-navigation';
import { QuotePage } from './quote-page';

const published = {
  version: 3,
  publishedAt: '2026-11-20T02:00:00.000Z',
  sheet: { ...defaultPriceSheet, version: 3 },
  calendar: { fromYear: 2025, toYear: 2027, holidays: [], makeUpWorkdays: [] },
};
const sheetCall = 'GET /api/PriceSheet/GetPublished';

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  assign = vi.spyOn(documentNavigation, 'assign').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  assign.mockRestore();
  // A tab chosen names itself in the address (?kind=): the next test starts without it.
  window.history.replaceState(null, '', '/');
});

const total = () => screen.getByTestId('quote-total').textContent;
const group = (name: string) => screen.getByRole('radiogroup', { name });

describe('quote page', () => {
  it('prices at once with the engine and reprices every change without a request', async () => {
    const { requests } = mockApi({ [sheetCall]: () => ({ body: envelope(published) }) });
    const user = userEvent.setup();
    render(<QuotePage />);

    const expected = pricePcb(published.sheet, defaultPcbParams).total;
    await waitFor(() => expect(total()).toBe(yuan(expected)));
    expect(screen.getByTestId('quote-param-string')).toHaveTextContent('2层');

    await user.click(within(group('层数')).getByRole('radio', { name: '4层' }));
    // 4 layers need a full test: 电测 follows by itself, said where the member tapped, and the
    // price stays on the bar.
    const layersField = group('层数').closest('[data-field]') as HTMLElement;
    expect(within(layersField).getByRole('status')).toHaveTextContent(
      '4层及以上的板须飞针全测或测试架测试，电测已改为飞针全测',
    );
    expect(within(group('电测')).getByRole('radio', { name: '飞针全测' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    const fourLayers = pricePcb(published.sheet, {
      ...defaultPcbParams,
      layers: 4,
      test: 'flyingProbeFull',
    }).total;
    expect(total()).toBe(yuan(fourLayers));
    expect(fourLayers).toBeGreaterThan(expected);
    expect(screen.getByTestId('quote-order')).toBeEnabled();
    // The member may still choose the fixture test; the note is for the change that made it.
    await user.click(within(group('电测')).getByRole('radio', { name: '测试架' }));
    expect(screen.queryByTestId('quote-follow-note')).toBeNull();
    await user.click(within(group('电测')).getByRole('radio', { name: '飞针全测' }));

    await user.clear(screen.getByRole('textbox', { name: '数量' }));
    expect(screen.getByText('请填写数量')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: '数量' }), '50');
    expect(total()).not.toBe(yuan(fourLayers));

    expect(requests.map((r) => r.url.pathname)).toEqual(['/api/PriceSheet/GetPublished']);
  });

  it('names the refused field on the bar when no rule answers it, and a tap goes to it', async () => {
    mockApi({ [sheetCall]: () => ({ body: envelope(published) }) });
    const scrolled: Element[] = [];
    const scroll = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(function (
      this: Element,
    ) {
      scrolled.push(this);
    });
    const user = userEvent.setup();
    render(<QuotePage />);
    await screen.findByTestId('quote-total');

    // 0.4mm is too thin for 喷锡: several finishes fit, so the member chooses.
    await user.click(within(group('板厚')).getByRole('radio', { name: '0.4mm' }));
    expect(screen.getByText('板厚小于0.6mm不能喷锡，请选沉金或OSP')).toBeInTheDocument();
    expect(screen.queryByTestId('quote-follow-note')).toBeNull();
    expect(screen.getByTestId('quote-order')).toBeDisabled();
    const bar = screen.getByRole('button', { name: /请修改「表面处理」/ });
    await user.click(bar);
    const finish = group('表面处理').closest('[data-field]');
    expect(scrolled).toEqual([finish]);
    expect(document.activeElement).toBe(
      within(group('表面处理')).getByRole('radio', { name: '有铅喷锡' }),
    );

    // Two refused fields: the first in form order is named, with the count.
    await user.click(within(group('外层铜厚')).getByRole('radio', { name: '2oz' }));
    expect(screen.getByTestId('quote-blocked')).toHaveTextContent('请修改「外层铜厚」等2项');
    await user.click(within(group('外层铜厚')).getByRole('radio', { name: '1oz' }));
    expect(screen.getByTestId('quote-blocked')).toHaveTextContent('请修改「表面处理」');
    await user.click(within(group('表面处理')).getByRole('radio', { name: 'OSP' }));
    expect(screen.getByTestId('quote-total')).toBeInTheDocument();
    expect(screen.queryByTestId('quote-blocked')).toBeNull();
    scroll.mockRestore();
  });

  it('opens on the tab ?kind= names, and a tab chosen names itself in the address', async () => {
    window.history.replaceState(null, '', '/OrdersPCB?kind=stencil&from=home');
    mockApi({ [sheetCall]: () => ({ body: envelope(published) }) });
    const user = userEvent.setup();
    render(<QuotePage />);
    expect(screen.getByRole('tab', { name: '钢网' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('textbox', { name: '数量(张)' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'SMT贴片' }));
    expect(window.location.pathname + window.location.search).toBe('/OrdersPCB?kind=smt&from=home');
  });

  it('shows the fee lines with their reasons in a sheet', async () => {
    mockApi({ [sheetCall]: () => ({ body: envelope(published) }) });
    const user = userEvent.setup();
    render(<QuotePage />);
    await user.click(await screen.findByRole('button', { name: /明细/ }));
    const sheet = screen.getByRole('dialog', { name: '费用明细' });
    const quote = pricePcb(published.sheet, defaultPcbParams);
    for (const line of quote.lines) {
      expect(within(sheet).getByText(line.name)).toBeInTheDocument();
      expect(within(sheet).getByText(line.reason)).toBeInTheDocument();
    }
    expect(within(sheet).getByText('价格表第3版（2026-11-20发布）')).toBeInTheDocument();
    // The member's grade discount is priced by the server once logged in (decision 0071).
    expect(within(sheet).getByTestId('q-member-discount')).toHaveTextContent('会员折扣登录后计算');
  });

  it('estimates 运费 for a province and courier, without a request, and keeps the choice', async () => {
    const { requests } = mockApi({ [sheetCall]: () => ({ body: envelope(published) }) });
    const user = userEvent.setup();
    const { unmount } = render(<QuotePage />);
    await waitFor(() =>
      expect(total()).toBe(yuan(pricePcb(published.sheet, defaultPcbParams).total)),
    );
    const estimate = screen.getByRole('region', { name: '运费估算' });
    expect(within(estimate).getByRole('combobox', { name: '快递' })).toBeDisabled();

    await user.selectOptions(within(estimate).getByRole('combobox', { name: '收货省份' }), '新疆');
    await user.selectOptions(within(estimate).getByRole('combobox', { name: '快递' }), 'ems');
    const shipped = pricePcb(published.sheet, defaultPcbParams, {
      shipping: { province: '新疆', courier: 'ems' },
    });
    const freight = shipped.lines.find((l) => l.code === 'shipping');
    expect(freight?.amount).toBeGreaterThan(0);
    expect(total()).toBe(yuan(shipped.total));
    await user.click(screen.getByRole('button', { name: /明细/ }));
    const sheet = screen.getByRole('dialog', { name: '费用明细' });
    expect(within(sheet).getByText(freight!.reason)).toBeInTheDocument();
    expect(requests).toHaveLength(1);

    // The next visit starts from the same destination.
    unmount();
    render(<QuotePage />);
    await waitFor(() => expect(total()).toBe(yuan(shipped.total)));
    localStorage.removeItem('quoteShipping');
  });

  it('offers the cheaper size past a price cliff, applied with one tap', async () => {
    mockApi({ [sheetCall]: () => ({ body: envelope(published) }) });
    const user = userEvent.setup();
    render(<QuotePage />);
    const length = await screen.findByRole('textbox', { name: '长(mm)' });
    await user.clear(length);
    await user.type(length, '100.3');
    const cliffs = screen.getByRole('region', { name: '省钱建议' });
    expect(within(cliffs).getByText(/100\.3×100mm/)).toBeInTheDocument();
    await user.click(within(cliffs).getAllByRole('button')[0]!);
    expect(screen.getByRole('textbox', { name: '长(mm)' })).toHaveValue('100');
    expect(total()).toBe(yuan(pricePcb(published.sheet, defaultPcbParams).total));
  });

  it('compares standard and rush, and a tap chooses the build time', async () => {
    mockApi({ [sheetCall]: () => ({ body: envelope(published) }) });
    const user = userEvent.setup();
    render(<QuotePage />);
    const times = await screen.findByRole('radiogroup', { name: '交期' });
    const rush = within(times).getByRole('radio', { name: /加急48小时/ });
    await user.click(rush);
    expect(rush).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByTestId('quote-param-string')).toHaveTextContent('加急');
  });

  it('keeps the quote in orderInfo and goes to the login, which goes on to /fillOrder', async () => {
    mockApi({ [sheetCall]: () => ({ body: envelope(published) }) });
    const user = userEvent.setup();
    render(<QuotePage />);
    await user.click(await screen.findByRole('tab', { name: 'SMT贴片' }));
    const quantity = screen.getByRole('textbox', { name: '贴片数量(片)' });
    await user.clear(quantity);
    await user.type(quantity, '30');
    const shown = total();
    await user.click(screen.getByTestId('quote-order'));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
    expect(sessionStorage.getItem('returnUrl')).toBe('/fillOrder');
    const info = JSON.parse(localStorage.getItem('orderInfo') ?? 'null');
    expect(info).toMatchObject({ kind: 'smt', params: { quantity: 30 }, sheetVersion: 3 });
    expect(yuan(info.total)).toBe(shown);
    expect(info.paramString).toContain('30');
  });

  it('restores every choice from orderInfo and continues to /fillOrder once logged in', async () => {
    localStorage.setItem('accessToken', fakeToken(inOneHour()));
    localStorage.setItem(
      'orderInfo',
      JSON.stringify({
        kind: 'stencil',
        params: { type: 'frameless', size: 'bogus', quantity: 2, electropolish: true },
        total: 1,
        sheetVersion: 3,
        paramString: '',
      }),
    );
    mockApi({ [sheetCall]: () => ({ body: envelope(published) }) });
    const user = userEvent.setup();
    render(<QuotePage />);
    expect(screen.getByRole('tab', { name: '钢网' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('textbox', { name: '数量(张)' })).toHaveValue('2');
    expect(within(group('电抛光')).getByRole('radio', { name: '需要' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    // A size the sheet does not offer is refused under its field.
    expect(within(group('钢网尺寸')).queryByRole('radio', { checked: true })).toBeNull();
    await user.click(within(group('钢网尺寸')).getAllByRole('radio')[0]!);
    await user.click(screen.getByTestId('quote-order'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/fillOrder'));
  });

  it('treats an expired token as anonymous: 下单 goes to the login', async () => {
    localStorage.setItem('accessToken', fakeToken(Math.floor(Date.now() / 1000) - 60));
    mockApi({ [sheetCall]: () => ({ body: envelope(published) }) });
    const user = userEvent.setup();
    render(<QuotePage />);
    await screen.findByTestId('quote-total');
    await user.click(screen.getByTestId('quote-order'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
  });

  it('prices offline with the cached sheet and says which one', async () => {
    localStorage.setItem('publishedPriceSheet', JSON.stringify(published));
    mockApi({ [sheetCall]: () => 'network-error' });
    render(<QuotePage />);
    expect(total()).toBe(yuan(pricePcb(published.sheet, defaultPcbParams).total));
    expect(
      await screen.findByText(/网络不可用：按价格表第3版（2026-11-20发布）离线计价/),
    ).toBeInTheDocument();
  });

  it('says when there is no price sheet at all, and retries', async () => {
    let fail = true;
    mockApi({
      [sheetCall]: () => (fail ? 'network-error' : { body: envelope(published) }),
    });
    const user = userEvent.setup();
    render(<QuotePage />);
    expect(await screen.findByText('价格表加载失败，请检查网络后重试')).toBeInTheDocument();
    expect(screen.getByTestId('quote-order')).toBeDisabled();
    fail = false;
    await user.click(screen.getByRole('button', { name: '重试' }));
    await waitFor(() => expect(screen.getByTestId('quote-order')).toBeEnabled());
    expect(JSON.parse(localStorage.getItem('publishedPriceSheet') ?? '{}').version).toBe(3);
  });

  it('refuses a sheet the engine cannot use', async () => {
    mockApi({
      [sheetCall]: () => ({ body: envelope({ ...published, sheet: { version: 3 } }) }),
    });
    render(<QuotePage />);
    expect(await screen.findByText('服务器返回的价格表有误，请稍后重试')).toBeInTheDocument();
  });
});
