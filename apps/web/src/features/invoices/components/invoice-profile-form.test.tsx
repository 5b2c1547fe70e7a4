import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { InvoicePermissions, InvoiceProfile } from '@pcb/contract/member-invoice';
import { ApiError } from '@pcb/client';
import { expectFieldError } from '../../../test/ui-text';
import { InvoiceProfileForm, type InvoiceProfileSubmit } from './invoice-profile-form';

afterEach(cleanup);

const certified: InvoicePermissions = {
  canUseNormal: true,
  canUseSpecial: true,
  specialRefusal: null,
};
const uncertified: InvoicePermissions = {
  canUseNormal: true,
  canUseSpecial: false,
  specialRefusal: '增值税专用发票仅限企业认证通过的会员使用，请先完成企业认证',
};

const TAX_NUMBER = '91440300MA5DCKXX0T';

function renderForm(
  permissions: InvoicePermissions,
  profile?: InvoiceProfile,
  save = vi.fn<(values: InvoiceProfileSubmit) => Promise<void>>(() => Promise.resolve()),
) {
  render(
    <MemoryRouter>
      <InvoiceProfileForm permissions={permissions} profile={profile} save={save} />
    </MemoryRouter>,
  );
  return save;
}

const type = (field: string, value: string) =>
  fireEvent.change(document.getElementById(`invoice-${field}`) as HTMLInputElement, {
    target: { value },
  });
const tap = (testId: string) => act(() => fireEvent.click(screen.getByTestId(testId)));
const shownFields = () =>
  [...document.querySelectorAll<HTMLInputElement>('form input[id^="invoice-"]')].map((input) =>
    input.id.replace('invoice-', ''),
  );

describe('the invoice profile form follows the type', () => {
  it('普票: a company has a tax number, a person only a name', () => {
    renderForm(certified);
    expect(screen.getByTestId('invoice-type-normal')).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByTestId('invoice-title-type-company')).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(shownFields()).toEqual(['title', 'taxNumber', 'email', 'mobile']);
    expect(screen.getByText('单位名称')).toBeInTheDocument();

    tap('invoice-title-type-personal');
    expect(shownFields()).toEqual(['title', 'email', 'mobile']);
    expect(screen.getByText('个人姓名')).toBeInTheDocument();
  });

  it('专票: a company with address, phone, bank and account; no person choice', () => {
    renderForm(certified);
    tap('invoice-title-type-personal');
    tap('invoice-type-special');
    expect(screen.getByTestId('invoice-type-special')).toHaveAttribute('aria-checked', 'true');
    expect(screen.queryByTestId('invoice-title-type-personal')).toBeNull();
    expect(shownFields()).toEqual([
      'title',
      'taxNumber',
      'registeredAddress',
      'registeredPhone',
      'bankName',
      'bankAccount',
      'email',
      'mobile',
    ]);
    tap('invoice-type-normal');
    // Back to 普票: 专票 made it a company's.
    expect(screen.getByTestId('invoice-title-type-company')).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(shownFields()).toEqual(['title', 'taxNumber', 'email', 'mobile']);
  });

  it('专票 is disabled without certification, with the reason and a link to certify', () => {
    renderForm(uncertified);
    expect(screen.getByTestId('invoice-type-special')).toBeDisabled();
    expect(screen.getByTestId('invoice-special-refusal')).toHaveTextContent(
      '增值税专用发票仅限企业认证通过的会员使用，请先完成企业认证去认证',
    );
    expect(screen.getByTestId('invoice-certify-link')).toHaveAttribute(
      'href',
      '/firmCertification',
    );
    tap('invoice-type-special');
    expect(screen.getByTestId('invoice-type-normal')).toHaveAttribute('aria-checked', 'true');
    expect(screen.queryByTestId('invoice-special-refusal')).not.toBeNull();
  });

  it('checks the fields of the chosen type, the tax number’s check character included', async () => {
    const save = renderForm(certified);
    tap('invoice-submit');
    await expectFieldError('invoice-title', '请填写发票抬头');
    await expectFieldError('invoice-taxNumber', '请填写税号');
    await expectFieldError('invoice-email', '请填写接收电子发票的邮箱');
    type('title', '深圳市示例科技有限公司');
    type('taxNumber', '91440300MA5DCKXX0A');
    type('email', 'finance@example.com');
    tap('invoice-submit');
    await expectFieldError('invoice-taxNumber', '校验位不正确，请核对税号');
    expect(save).not.toHaveBeenCalled();

    tap('invoice-type-special');
    tap('invoice-submit');
    await expectFieldError('invoice-registeredAddress', '请填写注册地址');
    await expectFieldError('invoice-bankAccount', '请填写银行账号');
  });

  it('sends only the fields the type uses', async () => {
    const save = renderForm(certified);
    tap('invoice-type-special');
    type('title', '深圳市示例科技有限公司');
    type('taxNumber', TAX_NUMBER);
    type('registeredAddress', '深圳市南山区科技园一路1号');
    type('registeredPhone', '0755-86000000');
    type('bankName', '招商银行');
    type('bankAccount', '7559 1234 5678');
    type('email', 'finance@example.com');
    // Switching to a person's 普票 drops the company's details.
    tap('invoice-type-normal');
    tap('invoice-title-type-personal');
    type('title', '张三');
    tap('invoice-submit');
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]?.[0]).toEqual({
      invoiceType: 'normal',
      titleType: 'personal',
      title: '张三',
      email: 'finance@example.com',
      mobile: '',
      isDefault: false,
    });
  });

  it('sends a 专票 with its details normalised, and can make it the default', async () => {
    const save = renderForm(certified);
    tap('invoice-type-special');
    type('title', '深圳市示例科技有限公司');
    type('taxNumber', '9144 0300 ma5d ckxx0t');
    type('registeredAddress', '深圳市南山区科技园一路1号');
    type('registeredPhone', '0755-86000000');
    type('bankName', '招商银行');
    type('bankAccount', '7559 1234 5678');
    type('email', 'finance@example.com');
    tap('invoice-is-default');
    tap('invoice-submit');
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]?.[0]).toEqual({
      invoiceType: 'special',
      titleType: 'company',
      title: '深圳市示例科技有限公司',
      taxNumber: TAX_NUMBER,
      registeredAddress: '深圳市南山区科技园一路1号',
      registeredPhone: '0755-86000000',
      bankName: '招商银行',
      bankAccount: '755912345678',
      email: 'finance@example.com',
      mobile: '',
      isDefault: true,
    });
  });

  it('shows an existing profile, and a server refusal under its field', async () => {
    const profile: InvoiceProfile = {
      id: 7,
      invoiceType: 'normal',
      titleType: 'company',
      title: '深圳市示例科技有限公司',
      taxNumber: TAX_NUMBER,
      registeredAddress: null,
      registeredPhone: null,
      bankName: null,
      bankAccount: null,
      email: 'finance@example.com',
      mobile: '13800138000',
      isDefault: true,
      isUsable: true,
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-01T00:00:00.000Z',
    };
    const save = vi.fn(() =>
      Promise.reject(new ApiError(400, '接收邮箱：该邮箱无法接收', { field: 'email' })),
    );
    renderForm(certified, profile, save);
    expect((document.getElementById('invoice-title') as HTMLInputElement).value).toBe(
      '深圳市示例科技有限公司',
    );
    expect((document.getElementById('invoice-taxNumber') as HTMLInputElement).value).toBe(
      TAX_NUMBER,
    );
    // Already the default: nothing to switch.
    expect(screen.queryByTestId('invoice-is-default')).toBeNull();
    tap('invoice-submit');
    await expectFieldError('invoice-email', '接收邮箱：该邮箱无法接收');
  });
});
