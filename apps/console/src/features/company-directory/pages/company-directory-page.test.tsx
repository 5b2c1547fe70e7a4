import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DirectoryCompany } from '@pcb/contract/staff-company-directory';
import { mockApi, ok, refuse } from '@pcb/client/test';
import { page, sessionFixture } from '../../../test/fixtures';
import { renderConsole } from '../../../test/render-app';

const existing: DirectoryCompany = {
  id: 3,
  name: '深圳市华芯电子科技有限公司',
  creditCode: '9144030071526726XG',
  createdAt: '2026-11-01T10:00:00+08:00',
  updatedAt: '2026-11-01T10:00:00+08:00',
};

const itemOf = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(label).closest('.ant-form-item') as HTMLElement;

describe('company directory', () => {
  it('lists and searches the directory', async () => {
    const api = mockApi({
      'GET /api/StaffAuth/Me': () => ok(sessionFixture(['sales'])),
      'GET /api/StaffCompanyDirectory/List': () => ok(page([existing])),
    });
    renderConsole('/company-directory');
    const row = (await screen.findByText('深圳市华芯电子科技有限公司')).closest(
      'tr',
    ) as HTMLElement;
    expect(within(row).getByText('9144030071526726XG')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('搜索公司'), { target: { value: ' 华芯 ' } });
    fireEvent.click(screen.getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() =>
      expect(
        api.calls('GET /api/StaffCompanyDirectory/List').at(-1)?.url.searchParams.get('keyword'),
      ).toBe('华芯'),
    );
  });

  it('adds a company: the check digit is checked first, a taken code shows under its field', async () => {
    let refused = false;
    const api = mockApi({
      'GET /api/StaffAuth/Me': () => ok(sessionFixture(['sales'])),
      'GET /api/StaffCompanyDirectory/List': () => ok(page([])),
      'POST /api/StaffCompanyDirectory/Create': (request) => {
        if (!refused) {
          refused = true;
          return refuse(409, '名录中已有公司使用该统一社会信用代码', 'creditCode');
        }
        return ok({ ...existing, ...(request.body as object), id: 9 });
      },
    });
    renderConsole('/company-directory');
    await screen.findByText('名录中没有符合的公司');
    fireEvent.click(screen.getByRole('button', { name: /新增公司/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('公司名称'), {
      target: { value: '厦门市鹭岛线路板有限公司' },
    });
    fireEvent.change(within(dialog).getByLabelText('统一社会信用代码'), {
      target: { value: '91350100M000100Y44' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(itemOf(dialog, '统一社会信用代码')).toHaveTextContent(
        '统一社会信用代码校验位不正确，请核对',
      ),
    );
    expect(api.calls('POST /api/StaffCompanyDirectory/Create')).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText('统一社会信用代码'), {
      target: { value: '91350100m000100y43' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(
        within(dialog).getByText('名录中已有公司使用该统一社会信用代码', {
          selector: '.ant-form-item-explain-error',
        }),
      ).toBeInTheDocument(),
    );
    expect(api.calls('POST /api/StaffCompanyDirectory/Create')[0]?.body).toEqual({
      name: '厦门市鹭岛线路板有限公司',
      creditCode: '91350100M000100Y43',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('已添加到名录')).toBeInTheDocument();
  });

  it('corrects an entry', async () => {
    const api = mockApi({
      'GET /api/StaffAuth/Me': () => ok(sessionFixture(['admin'])),
      'GET /api/StaffCompanyDirectory/List': () => ok(page([existing])),
      'POST /api/StaffCompanyDirectory/Update': (request) =>
        ok({ ...existing, ...(request.body as object) }),
    });
    renderConsole('/company-directory');
    fireEvent.click(await screen.findByRole('button', { name: /更\s*正/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('公司名称')).toHaveValue('深圳市华芯电子科技有限公司');
    fireEvent.change(within(dialog).getByLabelText('公司名称'), {
      target: { value: '深圳市华芯微电子有限公司' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存' }));
    expect(await screen.findByText('已更正')).toBeInTheDocument();
    expect(api.calls('POST /api/StaffCompanyDirectory/Update')[0]?.body).toEqual({
      id: 3,
      name: '深圳市华芯微电子有限公司',
      creditCode: '9144030071526726XG',
    });
  });
});
