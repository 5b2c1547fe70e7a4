import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { UploadTicket } from '@pcb/contract';
import { initialAppState, useAppStore } from '../../../lib/app-store';
import { queryClient } from '../../../lib/api';
import { envelope, fakeToken, inOneHour } from '@pcb/client/test';
import { baseApi, currentPath, logIn, passVerification, typeInto } from '../../../test/base-api';
import { memberFixture } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

vi.mock('../../../components/captcha/altcha-solver', () => ({
  preloadAltcha: () => Promise.resolve(),
  solveAltcha: vi.fn(() => Promise.resolve('solved-payload')),
}));

const sent = () => ({ body: envelope({ resendAfterSeconds: 60 }) });

beforeEach(() => {
  useAppStore.setState(initialAppState);
  queryClient.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function verifyOldMobile() {
  expect((await screen.findByTestId('edit-phone-old-mobile')).textContent).toBe('138****8000');
  await passVerification();
  act(() => fireEvent.click(screen.getByTestId('edit-phone-send-old-code')));
  expect(await screen.findByText('验证码已发送')).toBeInTheDocument();
  typeInto('edit-phone-old-code', '111111');
  act(() => fireEvent.click(screen.getByTestId('edit-phone-next')));
  await screen.findByTestId('edit-phone-new-mobile');
}

describe('/userInfo/editPhone', () => {
  it('verifies the old mobile, then proves and sets the new one, keeping the session', async () => {
    logIn();
    const renewed = fakeToken(inOneHour() + 200);
    let mobile = '13800138000';
    const { requests } = baseApi({
      'GET /api/MemberInfo/Get': () => ({ body: envelope({ ...memberFixture, mobile }) }),
      'POST /api/MemberAuth/SendOldMobileMessage': sent,
      'POST /api/MemberAuth/checkOldMobileMessage': () => ({
        body: envelope({ oldMobileTicket: 'ticket-1', expiresIn: 600 }),
      }),
      'POST /api/MemberInfo/SendChangeMobileMessage': sent,
      'PATCH /api/MemberInfo/ChangeMobile': () => {
        mobile = '13900139000';
        return { body: envelope({ accessToken: renewed }) };
      },
      'GET /api/WechatMb/GetList': () => ({ body: envelope([]) }),
    });
    renderApp('/userInfo/editPhone');
    await verifyOldMobile();
    expect(requests.find((r) => r.url.pathname.endsWith('/SendOldMobileMessage'))?.body).toEqual({
      ncVerifyDto: { provider: 'altcha', token: 'solved-payload' },
    });
    expect(requests.find((r) => r.url.pathname.endsWith('/checkOldMobileMessage'))?.body).toEqual({
      smsCode: '111111',
    });

    typeInto('edit-phone-new-mobile', '13900139000');
    await passVerification();
    act(() => fireEvent.click(screen.getByTestId('edit-phone-send-new-code')));
    await waitFor(() =>
      expect(requests.some((r) => r.url.pathname.endsWith('/SendChangeMobileMessage'))).toBe(true),
    );
    expect(
      requests.find((r) => r.url.pathname.endsWith('/SendChangeMobileMessage'))?.body,
    ).toMatchObject({
      mobile: '13900139000',
    });
    typeInto('edit-phone-new-code', '222222');
    act(() => fireEvent.click(screen.getByTestId('edit-phone-submit')));

    expect(await screen.findByText('手机号已更换')).toBeInTheDocument();
    await screen.findByTestId('security-page');
    expect(currentPath()).toBe('/accountSecurity');
    expect(localStorage.getItem('accessToken')).toBe(renewed);
    expect(requests.find((r) => r.url.pathname.endsWith('/ChangeMobile'))?.body).toEqual({
      mobile: '13900139000',
      smsCode: '222222',
      oldMobileTicket: 'ticket-1',
    });
    // Right away, not once some later request has answered.
    expect(screen.getByTestId('security-mobile-status')).toHaveTextContent('139****9000');
  });

  it('shows the new mobile on account security before member info is fetched again', async () => {
    logIn();
    let changed = false;
    let answerRefetch: () => void = () => undefined;
    const { requests } = baseApi({
      'GET /api/MemberInfo/Get': () =>
        changed
          ? new Promise((resolve) => {
              answerRefetch = () =>
                resolve({ body: envelope({ ...memberFixture, mobile: '13900139000' }) });
            })
          : { body: envelope(memberFixture) },
      'POST /api/MemberAuth/SendOldMobileMessage': sent,
      'POST /api/MemberAuth/checkOldMobileMessage': () => ({
        body: envelope({ oldMobileTicket: 'ticket-1', expiresIn: 600 }),
      }),
      'POST /api/MemberInfo/SendChangeMobileMessage': sent,
      'PATCH /api/MemberInfo/ChangeMobile': () => {
        changed = true;
        return { body: envelope({ accessToken: fakeToken(inOneHour() + 200) }) };
      },
      'GET /api/WechatMb/GetList': () => ({ body: envelope([]) }),
    });
    renderApp('/accountSecurity');
    expect(await screen.findByTestId('security-mobile-status')).toHaveTextContent('138****8000');
    act(() => fireEvent.click(screen.getByTestId('security-mobile')));
    await verifyOldMobile();
    typeInto('edit-phone-new-mobile', '13900139000');
    await passVerification();
    act(() => fireEvent.click(screen.getByTestId('edit-phone-send-new-code')));
    await waitFor(() =>
      expect(requests.some((r) => r.url.pathname.endsWith('/SendChangeMobileMessage'))).toBe(true),
    );
    typeInto('edit-phone-new-code', '222222');
    act(() => fireEvent.click(screen.getByTestId('edit-phone-submit')));

    await screen.findByTestId('security-page');
    expect(screen.getByTestId('security-mobile-status')).toHaveTextContent('139****9000');
    const paths = requests.map((r) => r.url.pathname);
    const changeAt = paths.indexOf('/api/MemberInfo/ChangeMobile');
    expect(paths.slice(changeAt + 1)).toContain('/api/MemberInfo/Get');
    act(() => answerRefetch());
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.getByTestId('security-mobile-status')).toHaveTextContent('139****9000');
  });

  it('starts again from the old mobile once its ticket has expired', async () => {
    logIn();
    const { requests } = baseApi({
      'POST /api/MemberAuth/SendOldMobileMessage': sent,
      'POST /api/MemberAuth/checkOldMobileMessage': () => ({
        body: envelope({ oldMobileTicket: 'ticket-1', expiresIn: 600 }),
      }),
    });
    renderApp('/userInfo/editPhone');
    await verifyOldMobile();
    typeInto('edit-phone-new-mobile', '13900139000');
    typeInto('edit-phone-new-code', '222222');
    const later = Date.now() + 11 * 60_000;
    vi.spyOn(Date, 'now').mockReturnValue(later);
    act(() => fireEvent.click(screen.getByTestId('edit-phone-submit')));
    expect(await screen.findByText('原手机号验证已过期，请重新验证')).toBeInTheDocument();
    await screen.findByTestId('edit-phone-old-code');
    expect(requests.some((r) => r.url.pathname.endsWith('/ChangeMobile'))).toBe(false);
  });

  it('files a manual application with an uploaded identity document when the old mobile is lost', async () => {
    logIn();
    const ticket: UploadTicket = {
      dir: 'identity/7/',
      filename: 'doc1',
      fileExt: '.jpg',
      accessid: 'AK',
      policy: 'P',
      signature: 'S',
      host: 'https://oss.example.com',
    };
    interface SentUpload {
      body: FormData;
      progress: (n: number) => void;
      finish: () => void;
    }
    const sentUploads: SentUpload[] = [];
    class FakeXhr {
      status = 0;
      upload: { onprogress: ((e: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
      onload: (() => void) | null = null;
      onerror = null;
      onabort = null;
      open() {}
      abort() {}
      send(body: FormData) {
        sentUploads.push({
          body,
          progress: (n) =>
            this.upload.onprogress?.({ lengthComputable: true, loaded: n, total: 100 }),
          finish: () => {
            this.status = 200;
            this.onload?.();
          },
        });
      }
    }
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const { requests } = baseApi({
      'POST /api/MemberInfo/SendChangeMobileMessage': sent,
      'GET /api/Common/getUploadCode': () => ({ body: envelope(ticket) }),
      'POST /api/MemberUpMobileApply/Create': () => ({
        body: envelope({
          id: 3,
          newMobileMasked: '139****9000',
          reason: '原手机号已停机',
          status: 'pending',
          createdAt: '2026-11-22T10:00:00Z',
          rejectReason: null,
          decidedAt: null,
        }),
      }),
    });
    renderApp('/userInfo/editPhone');
    const link = await screen.findByTestId('edit-phone-apply-link');
    expect(link.textContent).toBe('原手机号已无法使用？');
    act(() => fireEvent.click(link));
    await screen.findByTestId('apply-mobile');

    typeInto('apply-mobile', '13900139000');
    await passVerification();
    act(() => fireEvent.click(screen.getByTestId('apply-send-code')));
    expect(await screen.findByText('验证码已发送')).toBeInTheDocument();
    typeInto('apply-sms-code', '333333');
    typeInto('apply-reason', '原手机号已停机');

    act(() => fireEvent.click(screen.getByTestId('apply-submit')));
    expect(await screen.findByText('请上传身份证明材料')).toBeInTheDocument();

    const file = new File(['jpeg'], 'id-card.JPG', { type: 'image/jpeg' });
    act(() => fireEvent.change(screen.getByTestId('apply-file'), { target: { files: [file] } }));
    await waitFor(() => expect(sentUploads).toHaveLength(1));
    const xhr = sentUploads[0] as SentUpload;
    act(() => xhr.progress(40));
    expect(screen.getByTestId('apply-upload-progress').textContent).toContain('40%');
    act(() => xhr.finish());
    expect(await screen.findByText('上传成功')).toBeInTheDocument();
    expect(xhr.body.get('key')).toBe('identity/7/doc1.jpg');
    expect(
      requests
        .find((r) => r.url.pathname.endsWith('/getUploadCode'))
        ?.url.searchParams.get('fileExt'),
    ).toBe('jpg');

    act(() => fireEvent.click(screen.getByTestId('apply-submit')));
    const result = await screen.findByTestId('apply-result');
    expect(result.textContent).toContain('申请已提交，客服将在1个工作日内审核');
    expect(screen.getByTestId('apply-result-mobile').textContent).toBe('139****9000');
    expect(requests.find((r) => r.url.pathname.endsWith('/Create'))?.body).toEqual({
      newMobile: '13900139000',
      smsCode: '333333',
      reason: '原手机号已停机',
      idDocumentKey: 'identity/7/doc1.jpg',
    });
  });

  it('explains an upload that storage refused, and lets the member pick again', async () => {
    logIn();
    class FailingXhr {
      status = 0;
      upload = { onprogress: null };
      onload: (() => void) | null = null;
      onerror = null;
      onabort = null;
      open() {}
      abort() {}
      send() {
        this.status = 403;
        queueMicrotask(() => this.onload?.());
      }
    }
    vi.stubGlobal('XMLHttpRequest', FailingXhr);
    baseApi({
      'GET /api/Common/getUploadCode': () => ({
        body: envelope({
          dir: 'identity/7/',
          filename: 'doc1',
          fileExt: '.pdf',
          accessid: 'AK',
          policy: 'P',
          signature: 'S',
          host: 'https://oss.example.com',
        }),
      }),
    });
    renderApp('/userInfo/editPhone?mode=apply');
    const input = await screen.findByTestId('apply-file');
    const file = new File(['%PDF'], 'proof.pdf', { type: 'application/pdf' });
    act(() => fireEvent.change(input, { target: { files: [file] } }));
    expect(await screen.findByText('文件上传失败，请重试')).toBeInTheDocument();
    expect(screen.getByTestId('apply-repick')).toBeInTheDocument();
  });

  it('shows a pending application instead of the form, and why the last one was refused', async () => {
    logIn();
    const application = {
      id: 3,
      newMobileMasked: '139****9000',
      reason: '原手机号已停机',
      createdAt: '2026-11-22T10:00:00Z',
    };
    let latest: Record<string, unknown> = {
      ...application,
      status: 'pending',
      rejectReason: null,
      decidedAt: null,
    };
    baseApi({ 'GET /api/MemberUpMobileApply/GetLatest': () => ({ body: envelope(latest) }) });
    renderApp('/userInfo/editPhone?mode=apply');
    expect(await screen.findByTestId('apply-result-status')).toHaveTextContent('审核中');
    expect(screen.queryByTestId('apply-mobile')).toBeNull();

    latest = {
      ...application,
      status: 'rejected',
      rejectReason: '证件照片不清晰',
      decidedAt: '2026-11-23T09:00:00Z',
    };
    cleanup();
    queryClient.clear();
    renderApp('/userInfo/editPhone?mode=apply');
    expect(await screen.findByTestId('apply-outcome')).toHaveTextContent('上次申请未通过');
    expect(screen.getByTestId('apply-outcome-reason')).toHaveTextContent('原因：证件照片不清晰');
    expect(await screen.findByTestId('apply-mobile')).toBeInTheDocument();
  });
});
