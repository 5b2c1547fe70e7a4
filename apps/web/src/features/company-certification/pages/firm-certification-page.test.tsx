import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { uploadTicketFor } from '../../../test/fixtures';
import type { CompanyApply } from '@pcb/contract/member-company-apply';
import { initialAppState, useAppStore } from '../../../lib/app-store';
import { queryClient } from '../../../lib/api';
import { envelope } from '@pcb/client/test';
import { baseApi, logIn, typeInto } from '../../../test/base-api';
import { renderApp } from '../../../test/render-app';

beforeEach(() => {
  useAppStore.setState(initialAppState);
  queryClient.clear();
  // jsdom has no object URLs: the preview of a picked file reads this one.
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const application: CompanyApply = {
  id: 5,
  companyName: '深圳华创电子有限公司',
  creditCode: '91350100M000100Y43',
  legalPerson: '张华',
  contactName: '李工',
  contactPhone: '0755-86001234',
  licenseKey: 'companyLicense/1/lic.png',
  letterKey: 'companyLetter/1/letter.pdf',
  licenseUrl: '/sandbox/oss/companyLicense/1/lic.png?sig',
  letterUrl: '/sandbox/oss/companyLetter/1/letter.pdf?sig',
  status: 'pending',
  rejectReason: null,
  decidedAt: null,
  createdAt: '2026-11-20T02:00:00Z',
  updatedAt: '2026-11-20T02:00:00Z',
};

/** Uploads that answer in turn: `fail` for the first n, then success, each after a progress step. */
function fakeStorage(failFirst = 0) {
  const sent: FormData[] = [];
  class FakeXhr {
    status = 0;
    upload: { onprogress: ((e: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror = null;
    onabort = null;
    open() {}
    abort() {}
    send(body: FormData) {
      sent.push(body);
      const fails = sent.length <= failFirst;
      queueMicrotask(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.status = fails ? 403 : 200;
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

describe('/firmCertification', () => {
  it('submits the form with the licence (after a retried upload) and the letter, then shows it pending', async () => {
    logIn();
    const sent = fakeStorage(1);
    let current: CompanyApply | null = null;
    const { requests } = baseApi({
      'GET /api/MemberCompanyApply/Get': () => ({ body: envelope(current) }),
      'GET /api/Common/getUploadCode': (r) => ({
        body: envelope(
          uploadTicketFor(r.url.searchParams.get('dirType')!, r.url.searchParams.get('fileExt')!),
        ),
      }),
      'PUT /api/MemberCompanyApply/Save': (r) => {
        current = { ...application, ...(r.body as object) };
        return { body: envelope(current) };
      },
    });
    renderApp('/firmCertification');
    expect(await screen.findByTestId('cert-template-download')).toBeInTheDocument();

    act(() => fireEvent.click(screen.getByTestId('cert-submit')));
    expect(await screen.findByText('请上传营业执照')).toBeInTheDocument();
    expect(screen.getByText('请上传盖章的认证申请函')).toBeInTheDocument();

    typeInto('cert-company-name', '深圳华创电子有限公司');
    typeInto('cert-credit-code', '91350100m000100y43');
    typeInto('cert-legal-person', '张华');
    typeInto('cert-contact-name', '李工');
    typeInto('cert-contact-phone', '0755-86001234');

    const licence = new File(['png'], 'licence.png', { type: 'image/png' });
    act(() =>
      fireEvent.change(screen.getByTestId('cert-license-file'), { target: { files: [licence] } }),
    );
    expect(await screen.findByText('文件上传失败，请重试')).toBeInTheDocument();
    act(() => fireEvent.click(screen.getByTestId('cert-license-retry')));
    expect(await screen.findByTestId('cert-license-preview')).toHaveAttribute(
      'src',
      'blob:preview',
    );

    const letter = new File(['%PDF'], 'letter.pdf', { type: 'application/pdf' });
    act(() =>
      fireEvent.change(screen.getByTestId('cert-letter-file'), { target: { files: [letter] } }),
    );
    expect((await screen.findByTestId('cert-letter-preview')).textContent).toBe('letter.pdf');
    expect(sent.map((form) => form.get('key'))).toEqual([
      'companyLicense/1/f1.png',
      'companyLicense/1/f1.png',
      'companyLetter/1/f1.pdf',
    ]);

    act(() => fireEvent.click(screen.getByTestId('cert-submit')));
    const status = await screen.findByTestId('cert-status');
    expect(status.dataset.state).toBe('pending');
    expect(status.textContent).toContain('审核中');
    expect(screen.getByTestId('cert-detail-company').textContent).toBe('深圳华创电子有限公司');
    expect(requests.find((r) => r.url.pathname.endsWith('/Save'))?.body).toEqual({
      companyName: '深圳华创电子有限公司',
      creditCode: '91350100M000100Y43',
      legalPerson: '张华',
      contactName: '李工',
      contactPhone: '0755-86001234',
      licenseKey: 'companyLicense/1/f1.png',
      letterKey: 'companyLetter/1/f1.pdf',
    });
  });

  it('shows why it was rejected, and resubmits the edited application', async () => {
    logIn();
    let current: CompanyApply = {
      ...application,
      status: 'rejected',
      rejectReason: '营业执照照片不清晰',
      decidedAt: '2026-11-21T02:00:00Z',
    };
    const { requests } = baseApi({
      'GET /api/MemberCompanyApply/Get': () => ({ body: envelope(current) }),
      'PUT /api/MemberCompanyApply/Update': (r) => {
        current = { ...current, ...(r.body as object), status: 'pending', rejectReason: null };
        return { body: envelope(current) };
      },
    });
    renderApp('/firmCertification');
    expect((await screen.findByTestId('cert-reject-reason')).textContent).toBe(
      '原因：营业执照照片不清晰',
    );
    act(() => fireEvent.click(screen.getByTestId('cert-resubmit')));
    expect(await screen.findByTestId('cert-license-preview')).toHaveAttribute(
      'src',
      application.licenseUrl,
    );
    typeInto('cert-company-name', '深圳华创电子科技有限公司');
    act(() => fireEvent.click(screen.getByTestId('cert-submit')));
    await waitFor(() => expect(screen.getByTestId('cert-status').dataset.state).toBe('pending'));
    expect(requests.find((r) => r.url.pathname.endsWith('/Update'))?.body).toMatchObject({
      companyName: '深圳华创电子科技有限公司',
      licenseKey: application.licenseKey,
      letterKey: application.letterKey,
    });
  });

  it('shows the certified company once approved, with no form', async () => {
    logIn();
    baseApi({
      'GET /api/MemberCompanyApply/Get': () => ({
        body: envelope({ ...application, status: 'approved', decidedAt: '2026-11-21T02:00:00Z' }),
      }),
    });
    renderApp('/firmCertification');
    const status = await screen.findByTestId('cert-status');
    expect(status.dataset.state).toBe('approved');
    expect(status.textContent).toContain('已完成企业认证');
    expect(screen.queryByTestId('cert-form')).toBeNull();
  });

  it('offers a retry when the application cannot be loaded', async () => {
    logIn();
    let fail = true;
    baseApi({
      'GET /api/MemberCompanyApply/Get': () =>
        fail
          ? { status: 503, body: envelope(null, false, '服务暂不可用') }
          : { body: envelope(null) },
    });
    renderApp('/firmCertification');
    expect((await screen.findByTestId('page-error')).textContent).toContain('服务暂不可用');
    fail = false;
    act(() => fireEvent.click(screen.getByTestId('retry')));
    expect(await screen.findByTestId('cert-form')).toBeInTheDocument();
  });
});
