import type { UploadTicket } from '@pcb/contract';
import type { TestApp } from './helper';

/** The multipart form the browser posts to the ticket's host (spec section 7, step 2). */
export async function postObjectForm(
  fields: Record<string, string>,
  file: { content: Buffer; name?: string } | null,
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file)
    form.append('file', new Blob([new Uint8Array(file.content)]), file.name ?? 'upload.bin');
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type') ?? '',
  };
}

export const ticketFields = (ticket: UploadTicket): Record<string, string> => ({
  key: `${ticket.dir}${ticket.filename}${ticket.fileExt}`,
  OSSAccessKeyId: ticket.accessid,
  policy: ticket.policy,
  Signature: ticket.signature,
  success_action_status: '200',
  'x-oss-forbid-overwrite': 'true',
});

/** Posts a file to the sandbox OSS with the given fields. */
export async function postToSandbox(
  t: TestApp,
  fields: Record<string, string>,
  file: { content: Buffer; name?: string } | null = { content: Buffer.from('%PDF-1.4 test') },
) {
  const { payload, contentType } = await postObjectForm(fields, file);
  return t.app.inject({
    method: 'POST',
    url: '/sandbox/oss',
    headers: { 'content-type': contentType },
    payload,
  });
}

export async function getTicket(t: TestApp, token: string, fileExt = '.pdf') {
  const res = await t.get<UploadTicket>('/api/Common/getUploadCode', {
    token,
    query: { dirType: 'identity', fileExt },
  });
  if (!res.body.success) throw new Error(`getUploadCode failed: ${res.body.message}`);
  return res.body.data;
}

/** Asks for a ticket and uploads a small file with it; returns the object key. */
export async function uploadIdentityDocument(t: TestApp, token: string): Promise<string> {
  const ticket = await getTicket(t, token);
  const res = await postToSandbox(t, ticketFields(ticket));
  if (res.statusCode !== 200) throw new Error(`upload failed: ${res.body}`);
  return `${ticket.dir}${ticket.filename}${ticket.fileExt}`;
}

/** Uploads `content` for a use (`companyLicense`, `companyLetter`, …); returns the object key. */
export async function uploadAs(
  t: TestApp,
  token: string,
  dirType: string,
  fileExt: string,
  content: Buffer = Buffer.from('\x89PNG\r\n\x1a\n test'),
): Promise<string> {
  const res = await t.get<UploadTicket>('/api/Common/getUploadCode', {
    token,
    query: { dirType, fileExt },
  });
  if (!res.body.success) throw new Error(`getUploadCode failed: ${res.body.message}`);
  const ticket = res.body.data;
  const posted = await postToSandbox(t, ticketFields(ticket), { content });
  if (posted.statusCode !== 200) throw new Error(`upload failed: ${posted.body}`);
  return `${ticket.dir}${ticket.filename}${ticket.fileExt}`;
}
