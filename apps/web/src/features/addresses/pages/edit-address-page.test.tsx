import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { RegionProvince } from '@pcb/contract/city-class';
import type { Receiver } from '@pcb/contract/member-receiver';
import { initialAppState, useAppStore } from '../../../lib/app-store';
import { queryClient } from '../../../lib/api';
import { envelope } from '@pcb/client/test';
import { baseApi, currentPath, logIn, typeInto } from '../../../test/base-api';
import { renderApp } from '../../../test/render-app';
import { expectFieldError, expectToast } from '../../../test/ui-text';
import { editAddressPath } from '../address-route';

const provinces: RegionProvince[] = [
  {
    code: '44',
    name: '广东省',
    children: [{ code: '4403', name: '深圳市', children: [{ code: '440305', name: '南山区' }] }],
  },
  {
    code: '11',
    name: '北京市',
    children: [{ code: '1101', name: '市辖区', children: [{ code: '110101', name: '东城区' }] }],
  },
];

const stored: Receiver = {
  id: 7,
  receiverName: '张工',
  mobile: '13912345678',
  region: { code: '110101', country: '中国', province: '北京市', city: '市辖区', county: '东城区' },
  address: '东直门南大街 1 号',
  postcode: null,
  company: null,
  isDefault: false,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

function api(get: () => { status?: number; body: unknown } = () => ({ body: envelope(stored) })) {
  return baseApi({
    'GET /api/CityClass/GetProvinceCitySelectorData': () => ({ body: envelope(provinces) }),
    'GET /api/MemberReceiver/Get': get,
    'GET /api/MemberReceiver/GetPagedList': () => ({
      body: envelope({ items: [], total: 0, page: 1, pageSize: 50 }),
    }),
    'POST /api/MemberReceiver/Create': () => ({ body: envelope({ ...stored, id: 8 }) }),
    'PUT /api/MemberReceiver/Update': () => ({ body: envelope(stored) }),
  });
}

beforeEach(() => {
  useAppStore.setState(initialAppState);
  queryClient.clear();
});
afterEach(() => vi.unstubAllGlobals());

async function pickBySearch(query: string) {
  act(() => fireEvent.click(screen.getByTestId('address-region')));
  const picker = await screen.findByTestId('region-picker');
  const search = await waitFor(() => {
    const input = picker.querySelector('input');
    expect(input).not.toBeNull();
    return input as HTMLInputElement;
  });
  fireEvent.change(search, { target: { value: query } });
  const match = await screen.findByTestId('region-match');
  act(() => fireEvent.click(match));
}

describe('editAddress/{data}', () => {
  it('a new address: names what is missing, then sends the fields with the picked region code', async () => {
    logIn();
    const { requests } = api();
    renderApp('/shippingAddress/editAddress/new');
    await screen.findByTestId('edit-address-page');
    act(() => fireEvent.click(screen.getByTestId('address-save')));
    await expectFieldError('address-receiverName', '请填写收货人');
    await expectFieldError('address-mobile', '请输入以1开头的11位手机号');
    await expectFieldError('address-region', '请选择所在地区');
    await expectFieldError('address-address', '请填写详细地址（至少2个字）');

    typeInto('address-receiverName', '李采购');
    typeInto('address-mobile', '137-0000-1111');
    await pickBySearch('南山');
    await waitFor(() =>
      expect(screen.getByTestId('address-region').textContent).toBe('广东省 深圳市 南山区'),
    );
    typeInto('address-address', '科技园 18 号');
    typeInto('address-postcode', '51805');
    act(() => fireEvent.click(screen.getByTestId('address-save')));
    await expectFieldError('address-postcode', '邮编应为6位数字');
    typeInto('address-postcode', '518057');
    act(() => fireEvent.click(screen.getByTestId('address-save')));
    await expectToast('已保存');
    await waitFor(() => expect(currentPath()).toBe('/shippingAddress'));
    const created = requests.find((r) => r.url.pathname.endsWith('/Create'));
    expect(created?.body).toEqual({
      receiverName: '李采购',
      mobile: '13700001111',
      regionCode: '440305',
      address: '科技园 18 号',
      postcode: '518057',
      company: null,
      isDefault: false,
    });
  });

  it('a new address added while placing an order goes back to the order (returnTo)', async () => {
    logIn();
    api();
    renderApp('/shippingAddress/editAddress/new?returnTo=/fillOrder');
    await screen.findByTestId('edit-address-page');
    typeInto('address-receiverName', '李采购');
    typeInto('address-mobile', '13700001111');
    await pickBySearch('南山');
    typeInto('address-address', '科技园 18 号');
    act(() => fireEvent.click(screen.getByTestId('address-save')));
    await waitFor(() => expect(currentPath()).toBe('/fillOrder'));
  });

  it('never returns to another site after saving', async () => {
    logIn();
    api();
    renderApp('/shippingAddress/editAddress/new?returnTo=//evil.example/x');
    await screen.findByTestId('edit-address-page');
    typeInto('address-receiverName', '李采购');
    typeInto('address-mobile', '13700001111');
    await pickBySearch('南山');
    typeInto('address-address', '科技园 18 号');
    act(() => fireEvent.click(screen.getByTestId('address-save')));
    await waitFor(() => expect(currentPath()).toBe('/shippingAddress'));
  });

  it('an existing address: filled from the route at once, the mobile from Get, saved with Update', async () => {
    logIn();
    let answer: (value: { body: unknown }) => void = () => undefined;
    const { requests } = api(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }) as never,
    );
    renderApp(editAddressPath(stored));
    await screen.findByTestId('edit-address-page');
    expect((document.getElementById('address-receiverName') as HTMLInputElement).value).toBe(
      '张工',
    );
    expect(screen.getByTestId('address-region').textContent).toBe('北京市 东城区');
    expect((document.getElementById('address-mobile') as HTMLInputElement).value).toBe('');
    await waitFor(() =>
      expect(requests.some((r) => r.url.pathname.endsWith('/MemberReceiver/Get'))).toBe(true),
    );
    act(() => answer({ body: envelope(stored) }));
    await waitFor(() =>
      expect((document.getElementById('address-mobile') as HTMLInputElement).value).toBe(
        '13912345678',
      ),
    );
    typeInto('address-address', '东直门南大街 2 号');
    act(() => fireEvent.click(screen.getByTestId('address-save')));
    await expectToast('已保存');
    const updated = requests.find((r) => r.url.pathname.endsWith('/Update'));
    expect(updated?.method).toBe('PUT');
    expect(updated?.body).toMatchObject({
      id: 7,
      address: '东直门南大街 2 号',
      regionCode: '110101',
    });
  });

  it('says so when the address is gone, and when the route carries nothing usable', async () => {
    logIn();
    api(() => ({ status: 404, body: envelope(null, false, '收货地址不存在') }));
    const { unmount } = renderApp(editAddressPath(stored));
    expect((await screen.findByTestId('page-error')).textContent).toContain('收货地址不存在');
    unmount();
    renderApp('/shippingAddress/editAddress/garbage');
    expect((await screen.findByTestId('page-error')).textContent).toContain(
      '地址信息无效，请从收货地址列表重新打开',
    );
    act(() => fireEvent.click(screen.getByTestId('address-back-to-list')));
    await waitFor(() => expect(currentPath()).toBe('/shippingAddress'));
  });
});
