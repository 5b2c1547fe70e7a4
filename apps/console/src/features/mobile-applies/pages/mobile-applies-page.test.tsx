import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StaffMobileApply } from '@pcb/contract/staff-mobile-apply';
import { mockApi, ok } from '@pcb/client/test';
import { applyFixture, page, sessionFixture } from '../../../test/fixtures';
import { renderConsole } from '../../../test/render-app';

/** A server that keeps one application and decides it as the calls say. */
function applicationServer() {
  let apply: StaffMobileApply = { ...applyFixture };
  return mockApi({
    'GET /api/StaffAuth/Me': () => ok(sessionFixture(['sales'])),
    'GET /api/StaffMobileApply/List': (request) => {
      const status = request.url.searchParams.get('status');
      return ok(page(status && status !== apply.status ? [] : [apply]));
    },
    'GET /api/StaffMobileApply/Get': () =>
      ok({ ...apply, idDocumentUrl: '/sandbox/oss/identity/3.jpg?sig=x' }),
    'POST /api/StaffMobileApply/Approve': () => {
      apply = { ...apply, status: 'approved' };
      return ok({ ok: true });
    },
    'POST /api/StaffMobileApply/Reject': (request) => {
      apply = {
        ...apply,
        status: 'rejected',
        rejectReason: (request.body as { reason: string }).reason,
      };
      return ok({ ok: true });
    },
  });
}

async function openPendingApplication() {
  const row = (await screen.findByText('原手机号已注销，无法接收短信')).closest(
    'tr',
  ) as HTMLElement;
  fireEvent.click(within(row).getByRole('button', { name: '审核' }));
  const drawer = await screen.findByRole('dialog');
  await within(drawer).findByText('139****9000');
  return drawer;
}

describe('mobile-change applications', () => {
  it('shows the identity document and approves after a confirmation', async () => {
    const api = applicationServer();
    renderConsole('/mobile-applies');
    const drawer = await openPendingApplication();
    expect(within(drawer).getByAltText('身份证明材料')).toHaveAttribute(
      'src',
      '/sandbox/oss/identity/3.jpg?sig=x',
    );

    fireEvent.click(within(drawer).getByRole('button', { name: '通过' }));
    const confirm = (
      await screen.findByText('通过换绑申请？', { selector: '.ant-modal-confirm-title' })
    ).closest('.ant-modal') as HTMLElement;
    expect(api.calls('POST /api/StaffMobileApply/Approve')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: '通过' }));

    expect(await screen.findByText('已通过，会员手机号已更换')).toBeInTheDocument();
    expect(api.calls('POST /api/StaffMobileApply/Approve')[0]?.body).toEqual({ id: 3 });
    // The drawer shows the decision; the buttons are gone.
    await within(drawer).findByText('已通过');
    expect(within(drawer).queryByRole('button', { name: '通过' })).toBeNull();
  });

  it('rejects only with a reason, which is sent', async () => {
    const api = applicationServer();
    renderConsole('/mobile-applies');
    const drawer = await openPendingApplication();

    fireEvent.click(within(drawer).getByRole('button', { name: '驳回' }));
    const modal = (await screen.findByText('驳回申请')).closest('.ant-modal') as HTMLElement;
    fireEvent.change(within(modal).getByLabelText('驳回原因'), { target: { value: ' 糊 ' } });
    fireEvent.click(within(modal).getByRole('button', { name: '驳回' }));
    expect(await within(modal).findByText('请填写驳回原因')).toBeInTheDocument();
    expect(api.calls('POST /api/StaffMobileApply/Reject')).toHaveLength(0);

    fireEvent.change(within(modal).getByLabelText('驳回原因'), {
      target: { value: '证件照片不清晰' },
    });
    fireEvent.click(within(modal).getByRole('button', { name: '驳回' }));
    await waitFor(() =>
      expect(api.calls('POST /api/StaffMobileApply/Reject')[0]?.body).toEqual({
        id: 3,
        reason: '证件照片不清晰',
      }),
    );
    expect(await within(drawer).findByText('证件照片不清晰')).toBeInTheDocument();
    // The pending list no longer holds it.
    expect(await screen.findByText('没有待审核的申请')).toBeInTheDocument();
  });
});
