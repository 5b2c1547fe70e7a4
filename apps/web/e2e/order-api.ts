// A member's PCB order placed through the API (not the screens) for the console's specs, the way
// /fillOrder places it: a receiver, the design file uploaded with a ticket, the server's quote,
// then SaveOrder at that price.
import { randomUUID } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import type { OrderStatus, UploadTicket } from '@pcb/contract';
import { defaultPcbParams } from '@pcb/pricing';
import { apiRegister, uniqueMobile } from './support';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

async function data<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body = (await response.json()) as { success: boolean; data: T; message: string };
  expect(body.success, body.message).toBe(true);
  return body.data;
}

export interface PlacedPcbOrder {
  token: string;
  mobile: string;
  id: number;
  orderNo: string;
  total: number;
}

/** A fresh member with a receiver, an uploaded Gerber archive and a 待审核 PCB order. */
export async function placePcbOrder(request: APIRequestContext): Promise<PlacedPcbOrder> {
  const mobile = uniqueMobile();
  const token = await apiRegister(request, { mobile, password: 'Order2026pass' });
  const receiver = await data<{ id: number }>(
    await request.post('/api/MemberReceiver/Create', {
      headers: bearer(token),
      data: { receiverName: '李工', mobile, regionCode: '450103', address: '民族大道100号' },
    }),
  );
  const ticket = await data<UploadTicket>(
    await request.get('/api/Common/getUploadCode?dirType=pcbFile&fileExt=zip', {
      headers: bearer(token),
    }),
  );
  const fileKey = `${ticket.dir}${ticket.filename}${ticket.fileExt}`;
  const stored = await request.post(ticket.host, {
    multipart: {
      key: fileKey,
      OSSAccessKeyId: ticket.accessid,
      policy: ticket.policy,
      Signature: ticket.signature,
      success_action_status: '200',
      'x-oss-forbid-overwrite': 'true',
      file: { name: '主控板.zip', mimeType: 'application/zip', buffer: Buffer.from('PK\x03\x04') },
    },
  });
  expect(stored.status()).toBe(200);
  const quote = await data<{ total: number; sheetVersion: number }>(
    await request.post('/api/Pcb/CalcPrice', {
      headers: bearer(token),
      data: { params: defaultPcbParams, receiverId: receiver.id, courier: 'sf', invoice: 'none' },
    }),
  );
  const order = await data<{ id: number; orderNo: string; total: number }>(
    await request.post('/api/Pcb/SaveOrder', {
      headers: bearer(token),
      data: {
        params: defaultPcbParams,
        sheetVersion: quote.sheetVersion,
        expectedTotal: quote.total,
        receiverId: receiver.id,
        courier: 'sf',
        invoice: 'none',
        fileKey,
        fileName: '主控板.zip',
        requestId: randomUUID(),
      },
    }),
  );
  return { token, mobile, ...order };
}

export interface MemberOrderView {
  status: OrderStatus;
  eqs: { id: number; status: string; options: string[] }[];
  parcels: { trackingNo: string; events: { place: string; text: string }[] }[];
  productionSteps: { step: string; doneAt: string | null }[];
}

/** The order as its member reads it (Pcb/GetDetail). */
export async function memberOrder(
  request: APIRequestContext,
  order: PlacedPcbOrder,
): Promise<MemberOrderView> {
  return data<MemberOrderView>(
    await request.get(`/api/Pcb/GetDetail?id=${order.id}`, { headers: bearer(order.token) }),
  );
}

/** The member answers an engineering question with one of its suggested options. */
export async function answerEq(
  request: APIRequestContext,
  order: PlacedPcbOrder,
  eqId: number,
  choice: string,
): Promise<void> {
  await data(
    await request.post('/api/EqQuestion/Reply', {
      headers: bearer(order.token),
      data: { id: eqId, choice, text: '按建议处理即可' },
    }),
  );
}
