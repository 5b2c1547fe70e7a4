import { randomUUID } from 'node:crypto';
import type { PcbQuoteResult, PlacedOrder, Receiver } from '@pcb/contract';
import { defaultPcbParams, type PcbParams } from '@pcb/pricing';
import type { ApiResponse, TestApp } from './helper';
import { uploadAs } from './upload-support';

export const nanshan = {
  receiverName: '张工',
  mobile: '13800138000',
  regionCode: '440305',
  address: '高新南七道 18 号',
};

/** A receiver of the member's (广东 by default). */
export async function createReceiver(
  t: TestApp,
  token: string,
  body: Record<string, unknown> = nanshan,
): Promise<Receiver> {
  const res = await t.post<Receiver>('/api/MemberReceiver/Create', body, { token });
  if (!res.body.success) throw new Error(`receiver refused: ${res.body.message}`);
  return res.body.data;
}

export const uploadDesign = (t: TestApp, token: string, dirType = 'pcbFile', ext = '.zip') =>
  uploadAs(t, token, dirType, ext, Buffer.from('PK\x03\x04 gerber'));

export async function pcbQuote(
  t: TestApp,
  body: Record<string, unknown>,
  token?: string,
): Promise<ApiResponse<PcbQuoteResult>> {
  return t.post<PcbQuoteResult>('/api/Pcb/CalcPrice', body, token ? { token } : {});
}

export interface OrderSetup {
  token: string;
  receiverId: number;
  fileKey: string;
}

/** A member with a receiver and an uploaded Gerber archive. */
export async function orderSetup(t: TestApp, token: string): Promise<OrderSetup> {
  const receiver = await createReceiver(t, token);
  return { token, receiverId: receiver.id, fileKey: await uploadDesign(t, token) };
}

/** The body of a PCB order priced as the page would (CalcPrice with the receiver first). */
export async function pcbOrderBody(
  t: TestApp,
  setup: OrderSetup,
  overrides: { params?: Partial<PcbParams>; [k: string]: unknown } = {},
): Promise<Record<string, unknown>> {
  const { params: paramOverrides, ...rest } = overrides;
  const params = { ...defaultPcbParams, ...paramOverrides };
  const invoice = (rest.invoice as string | undefined) ?? 'none';
  const quote = await pcbQuote(
    t,
    { params, receiverId: setup.receiverId, courier: 'sf', invoice },
    setup.token,
  );
  if (!quote.body.success) throw new Error(`quote refused: ${quote.body.message}`);
  return {
    params,
    sheetVersion: quote.body.data.sheetVersion,
    expectedTotal: quote.body.data.total,
    receiverId: setup.receiverId,
    courier: 'sf',
    invoice,
    fileKey: setup.fileKey,
    fileName: '主控板.zip',
    requestId: randomUUID(),
    ...rest,
  };
}

export const saveOrder = (t: TestApp, token: string, body: Record<string, unknown>) =>
  t.post<PlacedOrder>('/api/Pcb/SaveOrder', body, { token });

export async function orderCount(t: TestApp, memberId?: number): Promise<number> {
  const { rows } = await t.database.pool.query<{ n: string }>(
    memberId === undefined
      ? 'SELECT count(*) AS n FROM orders'
      : 'SELECT count(*) AS n FROM orders WHERE member_id = $1',
    memberId === undefined ? [] : [memberId],
  );
  return Number(rows[0]!.n);
}
