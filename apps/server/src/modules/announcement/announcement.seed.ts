import { and, eq } from 'drizzle-orm';
import {
  comparePcbBuildTimes,
  defaultPcbParams,
  defaultPriceSheet,
  pricePcb,
  yuan,
  type PriceSheet,
} from '@pcb/pricing';
import type { SeedContext } from '../app-module';
import { announcement } from './announcement.table';

const cm = (mm: number) => `${mm / 10}`;
/** ￥20 for whole yuan, ¥20.50 otherwise. */
const price = (fen: number) => (fen % 100 === 0 ? `￥${fen / 100}` : yuan(fen));

/**
 * The home page's offer, in the figures the sheet quotes: its double-sided sample package at
 * its largest size and quantity (the price holds for fewer pieces; options add to it), and 24h
 * rush only when that board can have it.
 */
export function doubleSidedSampleOffer(sheet: PriceSheet): string {
  const pkg = sheet.pcb.packages.find((p) => p.layers.includes(2));
  if (!pkg) throw new Error('the price sheet has no double-sided sample package');
  const board = {
    ...defaultPcbParams,
    material: pkg.materials[0] ?? defaultPcbParams.material,
    layers: 2 as const,
    lengthMm: pkg.maxLengthMm,
    widthMm: pkg.maxWidthMm,
    quantity: pkg.maxQuantity,
  };
  const total = pricePcb(sheet, board).total;
  const rush24 = comparePcbBuildTimes(sheet, board).some(
    (o) => o.buildTime === 'rush24' && o.available,
  );
  return (
    `即日起，${cm(pkg.maxLengthMm)}×${cm(pkg.maxWidthMm)}cm 以内双层板打样` +
    `（${pkg.maxQuantity}片以内）${price(total)} 起${rush24 ? '，24小时加急可选' : ''}。`
  );
}

interface SeededAnnouncement {
  type: 'home' | 'member' | 'login' | 'register';
  title: string;
  content: string;
  linkUrl: string | null;
  /**
   * Texts this seed once wrote that were not true: a row still holding one word for word is
   * corrected on the next start; a row staff have edited is theirs and stays as it is.
   */
  replaces?: string[];
}

const announcements: SeededAnnouncement[] = [
  {
    type: 'home',
    title: '双层板打样限时优惠',
    content: doubleSidedSampleOffer(defaultPriceSheet),
    linkUrl: '/OrdersPCB',
    // The seeded sheet quotes ¥20 for up to 10 pieces (issue 19).
    replaces: ['即日起，10×10cm 以内双层板打样（5片）￥30 起，24小时加急可选。'],
  },
  {
    type: 'member',
    title: '春节放假及发货安排',
    content:
      '春节期间工厂正常接单，1月26日至2月3日暂停生产与发货，2月4日起恢复；请合理安排下单时间。',
    linkUrl: null,
  },
  {
    type: 'login',
    title: '账户安全提醒',
    content: '客服不会向您索要密码或短信验证码，请勿向任何人透露。',
    linkUrl: null,
  },
  {
    type: 'register',
    title: '新会员注册礼',
    content: '注册即送 PCB、SMT、钢网优惠券各一张，首单打样更省心。',
    linkUrl: null,
  },
];

/**
 * One open announcement of every type, from a day before the seed. Rows are found by type and
 * title and never overwritten, except a text the seed itself once wrote wrongly (`replaces`).
 */
export async function seedAnnouncements({ tx, now }: SeedContext): Promise<void> {
  for (const { replaces = [], ...a } of announcements) {
    const [existing] = await tx
      .select({ id: announcement.id, content: announcement.content })
      .from(announcement)
      .where(and(eq(announcement.type, a.type), eq(announcement.title, a.title)));
    if (!existing) {
      await tx.insert(announcement).values({
        ...a,
        startsAt: new Date(now.getTime() - 24 * 3600_000),
        endsAt: null,
      });
    } else if (replaces.includes(existing.content)) {
      await tx
        .update(announcement)
        .set({ content: a.content })
        .where(and(eq(announcement.id, existing.id), eq(announcement.content, existing.content)));
    }
  }
}
