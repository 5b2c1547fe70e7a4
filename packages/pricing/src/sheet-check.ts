// Whether a price sheet (as staff edited it, or as it came out of the database) can price
// every order: the shape of the seed sheet, whole non-negative numbers, ascending bands
// (`checkSheetForEngine`, what the quote page asks of the sheet it receives), and every number
// within what a factory could mean (`checkPriceSheet`, decision 0033: what staff may save and
// publish). The engine itself trusts its sheet, and refuses a quote an order cannot hold.
import { squareMetres, yuan } from './money';
import { hasOwn } from './own';
import { materials, pcbLayers } from './pcb-params';
import { defaultPriceSheet } from './seed-sheet';

export interface SheetProblem {
  /** Where: `pcb.batchBands.2[1].pricePerM2`. */
  path: string;
  message: string;
}

/** Records whose keys are data (stencil sizes): any keys, each value a whole number. */
const openRecords = new Set(['stencil.framed', 'stencil.frameless', 'stencil.grams']);
const sizeKey = /^[1-9]\d{1,3}x[1-9]\d{1,3}$/;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** Problems that keep the engine from pricing every order with a sheet; empty when it can. */
export function checkSheetForEngine(candidate: unknown): SheetProblem[] {
  const problems: SheetProblem[] = [];
  const add = (path: string, message: string) => problems.push({ path, message });

  /** The candidate has the template's shape; numbers are whole and not negative. */
  const walk = (template: unknown, value: unknown, path: string): void => {
    if (typeof template === 'number') {
      // A build-time band's area limit may be open (null); which one may is checked below.
      if (value === null && path.endsWith('.upToAreaMm2')) return;
      if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
        add(path, '须为不小于0的整数（金额以分计）');
      }
    } else if (typeof template === 'string') {
      if (typeof value !== 'string' || value.trim() === '') add(path, '不能为空');
    } else if (typeof template === 'boolean') {
      if (typeof value !== 'boolean') add(path, '须为是或否');
    } else if (Array.isArray(template)) {
      if (!Array.isArray(value) || (template.length > 0 && value.length === 0)) {
        add(path, '须为非空列表');
        return;
      }
      value.forEach((item, i) =>
        walk(template[Math.min(i, template.length - 1)], item, `${path}[${i}]`),
      );
    } else if (template === null) {
      if (
        value !== null &&
        (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
      ) {
        add(path, '须为不小于0的整数或不限');
      }
    } else if (isObject(template)) {
      if (!isObject(value)) {
        add(path, '缺少此项');
        return;
      }
      if (openRecords.has(path)) {
        if (Object.keys(value).length === 0) add(path, '至少要有一种尺寸');
        for (const key of Object.keys(value)) {
          if (!sizeKey.test(key)) add(`${path}.${key}`, '尺寸须写成长x宽（毫米），如370x470');
          else walk(0, value[key], `${path}.${key}`);
        }
        return;
      }
      for (const key of Object.keys(template)) {
        const child = path ? `${path}.${key}` : key;
        if (!hasOwn(value, key)) add(child, '缺少此项');
        else walk(template[key], value[key], child);
      }
    }
  };
  walk(defaultPriceSheet, candidate, '');
  if (problems.length > 0 || !isObject(candidate)) return problems;

  // Meaning, once the shape holds.
  const sheet = candidate as unknown as typeof defaultPriceSheet;
  if (sheet.version < 1) add('version', '版本号从1开始');
  if (sheet.cutoffHour > 23) add('cutoffHour', '截单时间须为0到23点');
  for (const [name, rate] of Object.entries(sheet.tax)) {
    if (rate.den < 1) add(`tax.${name}.den`, '分母须大于0');
  }
  for (const [name, rate] of [
    ['smdJoint', sheet.smt.smdJoint],
    ['dipJoint', sheet.smt.dipJoint],
  ] as const) {
    if (rate.den < 1) add(`smt.${name}.den`, '分母须大于0');
  }
  for (const layers of pcbLayers) {
    const bands = sheet.pcb.batchBands[layers];
    if (bands[0]!.fromAreaMm2 !== 0)
      add(`pcb.batchBands.${layers}[0].fromAreaMm2`, '第一档须从0开始');
    bands.forEach((b, i) => {
      if (i > 0 && b.fromAreaMm2 <= bands[i - 1]!.fromAreaMm2) {
        add(`pcb.batchBands.${layers}[${i}].fromAreaMm2`, '面积档须从小到大');
      }
    });
    const days = sheet.pcb.buildDays[layers];
    days.forEach((d, i) => {
      const last = i === days.length - 1;
      if (last !== (d.upToAreaMm2 === null)) {
        add(
          `pcb.buildDays.${layers}[${i}].upToAreaMm2`,
          last ? '最后一档须不限面积' : '只有最后一档可以不限面积',
        );
      }
      const prior = days[i - 1]?.upToAreaMm2;
      if (i > 0 && d.upToAreaMm2 !== null && prior != null && d.upToAreaMm2 <= prior) {
        add(`pcb.buildDays.${layers}[${i}].upToAreaMm2`, '面积档须从小到大');
      }
    });
    if (sheet.pcb.sampleSteps[layers].stepAreaMm2 < 1)
      add(`pcb.sampleSteps.${layers}.stepAreaMm2`, '每档面积须大于0');
  }
  for (const type of ['framed', 'frameless'] as const) {
    for (const size of Object.keys(sheet.stencil[type])) {
      if (!hasOwn(sheet.stencil.grams, size)) add(`stencil.grams.${size}`, '缺少该尺寸的重量');
    }
  }
  sheet.pcb.packages.forEach((pkg, i) => {
    if (!pkg.layers.every((l) => (pcbLayers as readonly number[]).includes(l))) {
      add(`pcb.packages[${i}].layers`, '层数须从1、2、4、6、8、10、12中选');
    }
    if (!pkg.materials.every((m) => (materials as readonly string[]).includes(m))) {
      add(`pcb.packages[${i}].materials`, '板材不在可选范围内');
    }
  });
  for (const [tier, rush] of Object.entries(sheet.pcb.rush)) {
    if (rush.days < 1) add(`pcb.rush.${tier}.days`, '加急天数须至少1天');
  }
  return problems;
}

const MAX_FEE = 10_000_000; // fen: ¥100,000
const M2 = 1_000_000; // mm²
const unit = (u: string) => (n: number) => `${n}${u}`;

/**
 * The range of each number of a sheet (decision 0033), by its path: the first rule whose pattern
 * matches. Base prices (a board, a sample step, a batch m², SMT setup and joints, a stencil) are
 * at least ¥0.01; every other amount may be 0 (a surcharge, a fee waived) and at most ¥100,000.
 */
const bounds: [RegExp, number, number, (n: number) => string][] = [
  [/^version$/, 1, 2_147_483_647, unit('')],
  [/^cutoffHour$/, 0, 23, unit('点')],
  [/\.den$/, 1, 1_000_000, unit('')],
  [/Joint\.num$/, 1, 1_000_000, unit('')],
  [/\.num$/, 0, 1_000_000, unit('')],
  [/stepAreaMm2$/, 1, 100_000 * M2, squareMetres],
  [/AreaMm2$/, 0, 100_000 * M2, squareMetres],
  [/Mm$/, 1, 1_000, unit('mm')],
  [/[dD]ays$/, 1, 90, unit('个工作日')],
  [/maxLayers$/, 1, 12, unit('层')],
  [/[gG]rams/, 0, 20_000, unit('克')],
  [/densityMgPerCm3/, 1, 10_000, unit('mg/cm³')],
  [/Quantity|Below$|Feeders$/, 0, 1_000_000, unit('')],
  [/\.price$|stepPrice$|pricePerM2$|setupPerSide$|^stencil\.frame/, 1, MAX_FEE, yuan],
  [/./, 0, MAX_FEE, yuan],
];

/**
 * What stops a sheet from being saved or published: what the engine needs, then every number
 * within its range, a tax at most 100 % and a joint at most ¥100. Empty when it can be published.
 */
export function checkPriceSheet(candidate: unknown): SheetProblem[] {
  const problems = checkSheetForEngine(candidate);
  if (problems.length > 0) return problems;
  const visit = (value: unknown, path: string): void => {
    if (typeof value === 'number') {
      const [, min, max, show] = bounds.find(([pattern]) => pattern.test(path))!;
      if (value < min || value > max) {
        problems.push({
          path,
          message: `须在${show(min)}到${show(max)}之间${min > 0 && show === yuan ? '（基础价格不能为0）' : ''}`,
        });
      }
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        visit(child, Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key);
      }
    }
  };
  visit(candidate, '');
  const sheet = candidate as typeof defaultPriceSheet;
  for (const [path, rate, most] of [
    ['tax.vatPlain', sheet.tax.vatPlain, 1],
    ['tax.vatSpecial', sheet.tax.vatSpecial, 1],
    ['smt.smdJoint', sheet.smt.smdJoint, 10_000],
    ['smt.dipJoint', sheet.smt.dipJoint, 10_000],
  ] as const) {
    if (rate.num > rate.den * most) {
      problems.push({
        path: `${path}.num`,
        message: most === 1 ? '税率不能超过100%' : '每个焊点不能超过¥100.00',
      });
    }
  }
  return problems;
}
