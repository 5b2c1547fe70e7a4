import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Announcement } from '@pcb/contract';
import { comparePcbBuildTimes, defaultPcbParams, defaultPriceSheet, pricePcb } from '@pcb/pricing';
import { seedDemoData } from '../src/modules/seed';
import { buildTestApp, type TestApp } from './helper';

const WRONG_OFFER = '即日起，10×10cm 以内双层板打样（5片）￥30 起，24小时加急可选。';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const seed = () => seedDemoData(t.database.db, { ...t.config, memberAgreementVersion: '2026-11' });
const homeRows = async () =>
  (
    await t.database.pool.query<{ title: string; content: string }>(
      `SELECT title, content FROM announcement WHERE type = 'home' ORDER BY id`,
    )
  ).rows;

describe('the demo home announcement', () => {
  it('states the price the seeded sheet quotes for a double-sided sample', async () => {
    await seed();
    const res = await t.get<Announcement>('/api/MemberAuth/GetEffectiveAnnouncement', {
      query: { type: 'home' },
    });
    const content = res.body.data?.content ?? '';
    // Priced here from the seeded sheet: 10×10cm double-sided, 5 and 10 pieces.
    const board = { ...defaultPcbParams, layers: 2 as const, lengthMm: 100, widthMm: 100 };
    const five = pricePcb(defaultPriceSheet, { ...board, quantity: 5 }).total;
    const ten = pricePcb(defaultPriceSheet, { ...board, quantity: 10 }).total;
    expect(five).toBe(ten);
    expect(content).toContain('10×10cm 以内双层板打样（10片以内）');
    expect(content).toContain(`￥${five / 100} 起`);
    const rush24 = comparePcbBuildTimes(defaultPriceSheet, { ...board, quantity: 10 }).find(
      (o) => o.buildTime === 'rush24',
    );
    expect(rush24?.available).toBe(true);
    expect(content).toContain('24小时加急可选');
    expect(content).not.toContain('￥30');
  });

  it('corrects the wrong offer an earlier seed wrote, and leaves an edited one alone', async () => {
    await t.database.pool.query(`UPDATE announcement SET content = $1 WHERE type = 'home'`, [
      WRONG_OFFER,
    ]);
    await seed();
    const [corrected] = await homeRows();
    expect(corrected?.content).not.toBe(WRONG_OFFER);
    const sample = pricePcb(defaultPriceSheet, { ...defaultPcbParams, layers: 2 }).total;
    expect(corrected?.content).toContain(`（10片以内）￥${sample / 100} 起`);

    const edited = '双层板打样 ￥18 起，本周有效。';
    await t.database.pool.query(`UPDATE announcement SET content = $1 WHERE type = 'home'`, [
      edited,
    ]);
    await seed();
    expect(await homeRows()).toEqual([{ title: '双层板打样限时优惠', content: edited }]);
  });
});
