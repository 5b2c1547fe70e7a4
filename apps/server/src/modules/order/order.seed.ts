import { sql } from 'drizzle-orm';
import {
  defaultPcbParams,
  defaultSmtParams,
  defaultStencilParams,
  type KindParams,
  type PriceSheet,
} from '@pcb/pricing';
import type { Db } from '../../db/client';
import type { SeedContext } from '../app-module';
import { DEMO_MOBILE, memberIdByMobile } from '../member/member.module';
import { buildWorkCalendar } from '../price-sheet/price-sheet.module';
import { createOrderRepository } from './order.repository';
import { priceOrder, recordOrderIn } from './order.service';
import type { ReceiverSnapshot } from './order.table';

type DemoOrder = KindParams & { hoursAgo: number; fileName: string };

const demoOrders: DemoOrder[] = [
  { kind: 'pcb', params: defaultPcbParams, hoursAgo: 30, fileName: '主控板V1.2.zip' },
  {
    kind: 'pcb',
    params: {
      ...defaultPcbParams,
      layers: 4,
      lengthMm: 150,
      quantity: 50,
      test: 'flyingProbeFull',
      finish: 'enig1u',
    },
    hoursAgo: 20,
    fileName: '电源模块-4层.zip',
  },
  {
    kind: 'pcb',
    params: { ...defaultPcbParams, lengthMm: 200, widthMm: 150, quantity: 500, maskColor: 'black' },
    hoursAgo: 3,
    fileName: 'LED驱动板.rar',
  },
  { kind: 'smt', params: defaultSmtParams, hoursAgo: 26, fileName: '主控板SMT资料.zip' },
  {
    kind: 'smt',
    params: { ...defaultSmtParams, quantity: 100, sides: 'double', smdJoints: 420, dipJoints: 12 },
    hoursAgo: 5,
    fileName: '传感器板BOM坐标.zip',
  },
  { kind: 'stencil', params: defaultStencilParams, hoursAgo: 28, fileName: '主控板钢网.zip' },
  {
    kind: 'stencil',
    params: { ...defaultStencilParams, electropolish: true, fiducials: 'halfLasered' },
    hoursAgo: 2,
    fileName: '电源模块钢网.pdf',
  },
];

/**
 * A few orders of each kind for the demo member, priced by the server's own path with the
 * published sheet (the console's list of new orders and the order lifecycle have data). Fixed
 * request ids keep it idempotent. The design files are names only: no object was uploaded (the console shows no link).
 */
export async function seedOrders({ tx, now }: SeedContext): Promise<void> {
  const memberId = await memberIdByMobile(tx, DEMO_MOBILE);
  if (memberId === null) return;
  const receivers = await tx.execute<{
    id: number;
    receiver_name: string;
    mobile: string;
    region_code: string;
    province: string;
    city: string;
    county: string;
    address: string;
    postcode: string | null;
    company: string | null;
  }>(sql`SELECT * FROM member_receiver WHERE member_id = ${memberId} ORDER BY is_default DESC, id`);
  const sheets = await tx.execute<{ sheet: PriceSheet }>(
    sql`SELECT sheet FROM price_sheet WHERE status = 'published'`,
  );
  const sheet = sheets.rows[0]?.sheet;
  if (receivers.rows.length === 0 || !sheet) return;
  const receiverOf = (i: number): ReceiverSnapshot => {
    const r = receivers.rows[i % receivers.rows.length]!;
    return {
      receiverId: r.id,
      receiverName: r.receiver_name,
      mobile: r.mobile,
      regionCode: r.region_code,
      province: r.province,
      city: r.city,
      county: r.county,
      address: r.address,
      postcode: r.postcode,
      company: r.company,
    };
  };
  // The seed runs in one transaction; the repository's writes all take it explicitly.
  const repository = createOrderRepository(tx as unknown as Db);
  const { calendar } = buildWorkCalendar(now);
  for (const [i, demo] of demoOrders.entries()) {
    const requestId = `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`;
    if (await repository.findByRequest(memberId, requestId, tx)) continue;
    const at = new Date(now.getTime() - demo.hoursAgo * 3_600_000);
    const values = priceOrder({
      kind: demo.kind,
      memberId,
      params: demo.params,
      sheet,
      calendar,
      orderedAt: at,
      receiver: receiverOf(i),
      courier: i % 2 === 0 ? 'sf' : 'zto',
      contact: null,
      invoice: 'none',
      invoiceProfile: null,
      fileKey: `${demo.kind}File/${memberId}/demo-${i + 1}${demo.fileName.slice(demo.fileName.lastIndexOf('.'))}`,
      fileName: demo.fileName,
      remark: i === 1 ? '请尽快安排，谢谢' : null,
      requestId,
    });
    await recordOrderIn(tx, repository, values, at);
  }
}
