import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StaffMobileApply } from '@pcb/contract/staff-mobile-apply';
import { mockApi, ok } from '@pcb/client/test';
import { applyFixture, page, sessionFixture } from '../../test/fixtures';
import { renderConsole } from '../../test/render-app';

/** Both queues are the one page and the one reject dialog (decision 0041). */
const decided: StaffMobileApply = {
  ...applyFixture,
  id: 4,
  reason: '手机丢失，号码已被运营商回收',
  status: 'rejected',
  rejectReason: '证件照片不清晰',
  decidedBy: { id: 2, userName: 'qian', realName: '钱审核' },
  decidedAt: '2026-03-02T09:30:00Z',
};

function queueServer() {
  return mockApi({
    'GET /api/StaffAuth/Me': () => ok(sessionFixture(['sales'])),
    'GET /api/StaffMobileApply/List': () => ok(page([applyFixture, decided])),
    'GET /api/StaffMobileApply/Get': () =>
      ok({ ...applyFixture, idDocumentUrl: '/sandbox/oss/identity/3.jpg?sig=x' }),
    'POST /api/StaffMobileApply/Reject': () => ok({ ok: true }),
    'GET /api/StaffCompanyApply/List': () => ok(page([])),
  });
}

const headers = async () =>
  (await screen.findAllByRole('columnheader')).map((h) => h.textContent?.trim());

describe('a review queue', () => {
  it('shows the same columns in every queue: submitted, member, asked, status, reviewer, reviewed', async () => {
    queueServer();
    const view = renderConsole('/mobile-applies');
    await screen.findByText('原手机号已注销，无法接收短信');
    expect(await headers()).toEqual([
      '提交时间',
      '会员',
      '换绑手机号',
      '状态',
      '审核人',
      '审核时间',
      '操作',
    ]);
    const decidedRow = screen.getByText('手机丢失，号码已被运营商回收').closest('tr')!;
    expect(decidedRow).toHaveTextContent('已驳回');
    expect(decidedRow).toHaveTextContent('钱审核');
    expect(decidedRow).toHaveTextContent('138****8000 → 139****9000');
    view.unmount();

    renderConsole('/company-applies');
    expect(await screen.findByText('没有待审核的企业认证')).toBeInTheDocument();
    expect(await headers()).toEqual([
      '提交时间',
      '会员',
      '认证企业',
      '状态',
      '审核人',
      '审核时间',
      '操作',
    ]);
  });

  it('asks for the pending ones first, then the status and member the staff choose', async () => {
    const api = queueServer();
    renderConsole('/mobile-applies');
    await screen.findByText('原手机号已注销，无法接收短信');
    const lastQuery = () =>
      Object.fromEntries(api.calls('GET /api/StaffMobileApply/List').at(-1)!.url.searchParams);
    expect(lastQuery()).toEqual({ status: 'pending', page: '1', pageSize: '20' });

    fireEvent.click(screen.getByText('全部'));
    await waitFor(() => expect(lastQuery()).toEqual({ page: '1', pageSize: '20' }));
    expect(screen.getByText(/待审核的在前/)).toBeInTheDocument();

    fireEvent.change(screen.getByLabelText('按会员查找'), { target: { value: ' 1380013 ' } });
    fireEvent.click(screen.getByRole('button', { name: '搜索' }));
    await waitFor(() =>
      expect(lastQuery()).toEqual({ keyword: '1380013', page: '1', pageSize: '20' }),
    );
  });

  it('rejects with a preset reason put in the box, sent as it reads', async () => {
    const api = queueServer();
    renderConsole('/mobile-applies?apply=3');
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('139****9000');
    fireEvent.click(within(drawer).getByRole('button', { name: '驳回' }));
    const modal = (await screen.findByText('驳回申请')).closest('.ant-modal') as HTMLElement;
    const presets = within(modal).getByRole('group', { name: '常用原因' });
    fireEvent.click(
      within(presets).getByRole('button', { name: '身份证明材料不清晰，请重新上传' }),
    );
    expect(within(modal).getByLabelText('驳回原因')).toHaveValue('身份证明材料不清晰，请重新上传');
    fireEvent.click(within(modal).getByRole('button', { name: '驳回' }));
    await waitFor(() =>
      expect(api.calls('POST /api/StaffMobileApply/Reject')[0]?.body).toEqual({
        id: 3,
        reason: '身份证明材料不清晰，请重新上传',
      }),
    );
  });
});
