import { and, eq } from 'drizzle-orm';
import type { SeedContext } from '../app-module';
import { announcement } from './announcement.table';

const announcements = [
  {
    type: 'home' as const,
    title: '双层板打样限时优惠',
    content: '即日起，10×10cm 以内双层板打样（5片）￥30 起，24小时加急可选。',
    linkUrl: '/OrdersPCB',
  },
  {
    type: 'member' as const,
    title: '春节放假及发货安排',
    content:
      '春节期间工厂正常接单，1月26日至2月3日暂停生产与发货，2月4日起恢复；请合理安排下单时间。',
    linkUrl: null,
  },
  {
    type: 'login' as const,
    title: '账户安全提醒',
    content: '客服不会向您索要密码或短信验证码，请勿向任何人透露。',
    linkUrl: null,
  },
  {
    type: 'register' as const,
    title: '新会员注册礼',
    content: '注册即送 PCB、SMT、钢网优惠券各一张，首单打样更省心。',
    linkUrl: null,
  },
];

/** One open announcement of every type, from a day before the seed. */
export async function seedAnnouncements({ tx, now }: SeedContext): Promise<void> {
  for (const a of announcements) {
    const [existing] = await tx
      .select({ id: announcement.id })
      .from(announcement)
      .where(and(eq(announcement.type, a.type), eq(announcement.title, a.title)));
    if (!existing) {
      await tx.insert(announcement).values({
        ...a,
        startsAt: new Date(now.getTime() - 24 * 3600_000),
        endsAt: null,
      });
    }
  }
}
