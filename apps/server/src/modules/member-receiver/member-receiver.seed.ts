import { eq, sql } from 'drizzle-orm';
import type { SeedContext } from '../app-module';
import { recountOwned } from '../../db/owned-list';
import { receiverList } from './member-receiver.repository';
import { memberReceiver } from './member-receiver.table';

/** The demo member (member module's seed, which runs before this one). */
const DEMO_MOBILE = '13800138000';

const demoReceivers = [
  {
    receiverName: '张工',
    mobile: '13800138000',
    regionCode: '440305',
    province: '广东省',
    city: '深圳市',
    county: '南山区',
    address: '科技园南区高新南七道 18 号 3 栋 502',
    postcode: '518057',
    company: '深圳示例电子科技有限公司',
    isDefault: true,
  },
  {
    receiverName: '李采购',
    mobile: '13912345678',
    regionCode: '320506',
    province: '江苏省',
    city: '苏州市',
    county: '吴中区',
    address: '吴中经济开发区东吴南路 88 号 研发楼 2 层',
    postcode: null,
    company: null,
    isDefault: false,
  },
];

/** Two addresses for the demo member (one default), when the member has none yet. */
export async function seedMemberReceivers({ tx, now }: SeedContext): Promise<void> {
  // Read by mobile without importing the member module's table (seeds run in list order).
  const found = await tx.execute<{ id: number }>(
    sql`SELECT id FROM member WHERE mobile = ${DEMO_MOBILE}`,
  );
  const memberId = found.rows[0]?.id;
  if (memberId === undefined) return;
  const [existing] = await tx
    .select({ id: memberReceiver.id })
    .from(memberReceiver)
    .where(eq(memberReceiver.memberId, memberId))
    .limit(1);
  if (existing) return;
  for (const [i, receiver] of demoReceivers.entries()) {
    const at = new Date(now.getTime() - (demoReceivers.length - i) * 86_400_000);
    await tx.insert(memberReceiver).values({ ...receiver, memberId, createdAt: at, updatedAt: at });
  }
  await recountOwned(tx, receiverList, memberId);
}
