import { creditCodeCheckChar } from '@pcb/contract';

/**
 * The demo directory: a few hundred plausible (invented) electronics companies, generated
 * deterministically (the same list on every start and in every test), each with a unified
 * social credit code whose organisation code (GB 11714) and check character (GB 32100-2015)
 * are right.
 */
const CITIES: readonly (readonly [name: string, division: string])[] = [
  ['深圳市', '440300'],
  ['东莞市', '441900'],
  ['广州市', '440100'],
  ['惠州市', '441300'],
  ['珠海市', '440400'],
  ['中山市', '442000'],
  ['佛山市', '440600'],
  ['苏州市', '320500'],
  ['无锡市', '320200'],
  ['南京市', '320100'],
  ['上海', '310000'],
  ['杭州市', '330100'],
  ['宁波市', '330200'],
  ['厦门市', '350200'],
  ['合肥市', '340100'],
  ['武汉市', '420100'],
  ['成都市', '510100'],
  ['西安市', '610100'],
  ['青岛市', '370200'],
  ['北京', '110000'],
];

const TRADE_NAMES = [
  '华芯',
  '创鑫',
  '宏达',
  '瑞丰',
  '联科',
  '鼎盛',
  '迅捷',
  '博远',
  '恒通',
  '腾飞',
  '昊天',
  '金盛',
  '德润',
  '明阳',
  '智联',
  '卓越',
  '海川',
  '凯旋',
  '润泽',
  '精工',
  '宇航',
  '信达',
  '安捷',
  '众诚',
  '铭泰',
  '启航',
  '耀华',
  '锦程',
  '汇川',
  '新锐',
  '天弘',
  '嘉禾',
  '长盈',
  '拓维',
  '睿创',
  '晶源',
  '星辰',
  '科睿',
  '力源',
  '北辰',
  '华强',
  '中芯微',
  '同创',
  '正阳',
  '永晟',
  '捷顺',
  '鸿图',
  '东升',
  '聚能',
  '盛世',
];

const TRADES = [
  '电子科技',
  '电路科技',
  '智能科技',
  '微电子',
  '半导体',
  '精密电子',
  '通讯技术',
  '自动化设备',
  '光电科技',
  '电子材料',
  '新能源科技',
  '电子技术',
  '物联网科技',
  '电器',
];

/** A small fixed-seed generator (mulberry32): the same sequence everywhere. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ORG_WEIGHTS = [3, 7, 9, 10, 5, 8, 4, 2] as const;

/** The organisation code (GB 11714): 8 digits and its check character. */
function organisationCode(body: string): string {
  const sum = [...body].reduce((s, c, i) => s + Number(c) * (ORG_WEIGHTS[i] as number), 0);
  const check = 11 - (sum % 11);
  return `${body}${check === 10 ? 'X' : check === 11 ? '0' : String(check)}`;
}

/** A company's code: 9 (industry and commerce) 1 (enterprise), division, organisation code. */
export function demoCreditCode(division: string, body: string): string {
  const first17 = `91${division}${organisationCode(body)}`;
  return `${first17}${creditCodeCheckChar(first17)}`;
}

export const DEMO_COMPANY_COUNT = 300;

export function demoCompanies(count = DEMO_COMPANY_COUNT): { name: string; creditCode: string }[] {
  const next = random(20261126);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)] as T;
  const names = new Set<string>();
  const companies: { name: string; creditCode: string }[] = [];
  while (companies.length < count) {
    const [city, division] = pick(CITIES);
    const suffix = next() < 0.15 ? '股份有限公司' : '有限公司';
    const name = `${city}${pick(TRADE_NAMES)}${pick(TRADES)}${suffix}`;
    if (names.has(name)) continue;
    names.add(name);
    const body = String(Math.floor(next() * 1e8)).padStart(8, '0');
    companies.push({ name, creditCode: demoCreditCode(division, body) });
  }
  return companies;
}
