import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UploadTicket } from '@pcb/contract';
import { envelope, fakeToken, inOneHour, mockApi } from '@pcb/client/test';
import { ApiError } from '@pcb/client';
import { uploadFile } from './upload';

const ticket: UploadTicket = {
  dir: 'identity/2026/11/',
  filename: 'f3a9c1',
  fileExt: '.pdf',
  accessid: 'LTAI-test',
  policy: 'eyJwb2xpY3kiOjF9',
  signature: 'c2lnbmF0dXJl',
  host: 'https://bucket.oss-cn-shenzhen.aliyuncs.com',
};

/** A stand-in for XMLHttpRequest that records what is sent and answers when told to. */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  body: FormData | null = null;
  status = 0;
  aborted = false;
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }
  answer(status: number) {
    this.status = status;
    this.onload?.();
  }
}

async function sentRequest(): Promise<FakeXhr> {
  await vi.waitFor(() => expect(FakeXhr.last?.body).toBeInstanceOf(FormData));
  return FakeXhr.last as FakeXhr;
}

function setup(
  ticketReply: () => { status?: number; body: unknown } = () => ({
    body: envelope(ticket),
  }),
) {
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  localStorage.setItem('accessToken', fakeToken(inOneHour()));
  return mockApi({ 'GET /api/Common/getUploadCode': ticketReply });
}

afterEach(() => vi.unstubAllGlobals());

const pdf = () => new File(['%PDF-1.4 test'], '身份证明.PDF', { type: 'application/pdf' });

describe('uploadFile (spec section 7)', () => {
  it('asks for a ticket for the file extension, then posts the signed form to the host', async () => {
    const { requests } = setup();
    const done = uploadFile({ dirType: 'identity', file: pdf() });
    const xhr = await sentRequest();

    expect(requests[0]?.url.searchParams.get('dirType')).toBe('identity');
    expect(requests[0]?.url.searchParams.get('fileExt')).toBe('pdf');
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(ticket.host);
    const fields = [...(xhr.body as FormData).entries()];
    expect(fields.map(([name]) => name)).toEqual([
      'key',
      'OSSAccessKeyId',
      'policy',
      'Signature',
      'success_action_status',
      'x-oss-forbid-overwrite',
      'file',
    ]);
    const form = xhr.body as FormData;
    expect(form.get('key')).toBe('identity/2026/11/f3a9c1.pdf');
    expect(form.get('OSSAccessKeyId')).toBe('LTAI-test');
    expect(form.get('policy')).toBe(ticket.policy);
    expect(form.get('Signature')).toBe(ticket.signature);
    expect(form.get('success_action_status')).toBe('200');
    expect(form.get('x-oss-forbid-overwrite')).toBe('true');
    expect((form.get('file') as File).name).toBe('身份证明.PDF');

    xhr.answer(200);
    expect(await done).toBe('identity/2026/11/f3a9c1.pdf');
  });

  it('reports the upload progress in percent', async () => {
    setup();
    const progress: number[] = [];
    const done = uploadFile({
      dirType: 'identity',
      file: pdf(),
      onProgress: (p) => progress.push(p),
    });
    const xhr = await sentRequest();
    xhr.progress(25, 100);
    xhr.progress(512, 1024);
    xhr.answer(200);
    await done;
    expect(progress).toEqual([0, 25, 50, 100]);
  });

  it('fails with a Chinese message when storage refuses the file', async () => {
    setup();
    const done = uploadFile({ dirType: 'identity', file: pdf() });
    (await sentRequest()).answer(403);
    await expect(done).rejects.toEqual(new ApiError(403, '文件上传失败，请重试'));
  });

  it('fails with the network message when the host cannot be reached', async () => {
    setup();
    const done = uploadFile({ dirType: 'identity', file: pdf() });
    (await sentRequest()).onerror?.();
    await expect(done).rejects.toMatchObject({ status: 0, message: '网络异常，请检查网络后重试' });
  });

  it('passes on the server message when no ticket is issued, and posts nothing', async () => {
    setup(() => ({ status: 400, body: envelope(null, false, '不支持该文件类型') }));
    await expect(uploadFile({ dirType: 'identity', file: pdf() })).rejects.toMatchObject({
      message: '不支持该文件类型',
    });
    expect(FakeXhr.last).toBeNull();
  });

  it('can be cancelled', async () => {
    setup();
    const controller = new AbortController();
    const done = uploadFile({ dirType: 'identity', file: pdf(), signal: controller.signal });
    const xhr = await sentRequest();
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(xhr.aborted).toBe(true);
  });
});
