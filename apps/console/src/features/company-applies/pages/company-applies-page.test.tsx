import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { StaffCompanyApply } from '@pcb/contract/staff-company-apply';
import { mockApi, ok } from '@pcb/client/test';
import { page, sessionFixture } from '../../../test/fixtures';
import { renderConsole } from '../../../test/render-app';

const pendingApply: StaffCompanyApply = {
  id: 9,
  member: { id: 4, displayName: '张工' },
  companyName: '深圳华创电子有限公司',
  creditCode: '91350100M000100Y43',
  legalPerson: '张华',
  contactName: '李工',
  contactPhone: '138****8000',
  status: 'pending',
  rejectReason: null,
  decidedBy: null,
  decidedAt: null,
  submittedAt: '2026-11-20T02:00:00Z',
};

function applicationServer() {
  let apply = { ...pendingApply };
  return mockApi({
    'GET /api/StaffAuth/Me': () => ok(sessionFixture(['sales'])),
    'GET /api/StaffCompanyApply/List': (request) => {
      const status = request.url.searchParams.get('status');
      return ok(page(status && status !== apply.status ? [] : [apply]));
    },
    'GET /api/StaffCompanyApply/Get': () =>
      ok({
        ...apply,
        licenseUrl: '/sandbox/oss/companyLicense/4/l.png?sig=x',
        letterUrl: '/sandbox/oss/companyLetter/4/a.pdf?sig=y',
        letterIsPdf: true,
      }),
    'POST /api/StaffCompanyApply/Approve': () => {
      apply = { ...apply, status: 'approved' };
      return ok({ ok: true });
    },
  });
}

describe('enterprise certification review', () => {
  it('shows the licence and the letter, and approves after a confirmation', async () => {
    const api = applicationServer();
    renderConsole('/company-applies');
    const row = (await screen.findByText('深圳华创电子有限公司')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '审核' }));
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('91350100M000100Y43');
    expect(within(drawer).getByAltText('营业执照')).toHaveAttribute(
      'src',
      '/sandbox/oss/companyLicense/4/l.png?sig=x',
    );
    expect(within(drawer).getByTitle('认证申请函')).toHaveAttribute(
      'src',
      '/sandbox/oss/companyLetter/4/a.pdf?sig=y',
    );

    fireEvent.click(within(drawer).getByRole('button', { name: '通过' }));
    const confirm = (
      await screen.findByText('通过企业认证？', { selector: '.ant-modal-confirm-title' })
    ).closest('.ant-modal') as HTMLElement;
    expect(api.calls('POST /api/StaffCompanyApply/Approve')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: '通过' }));
    expect(await screen.findByText('已通过，会员已成为认证企业')).toBeInTheDocument();
    expect(api.calls('POST /api/StaffCompanyApply/Approve')[0]?.body).toEqual({ id: 9 });
    await within(drawer).findByText('已通过');
    expect(within(drawer).queryByRole('button', { name: '通过' })).toBeNull();
  });
});
