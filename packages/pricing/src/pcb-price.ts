// The PCB quote: fee lines with their reasons, build days, the promised ship date, warnings.
import { mulDiv, mulDivCeil, squareMetres, yuan } from './money';
import type { PcbParams } from './pcb-params';
import {
  buildTimeLabels,
  finishLabels,
  maskColorLabels,
  materialLabels,
  testLabels,
  viaLabels,
} from './pcb-params';
import {
  UNITS_PER_M2,
  UNITS_PER_MM2,
  pcbGeometry,
  standardBuildDays,
  type PcbGeometry,
} from './pcb-geometry';
import { validatePcb } from './pcb-validate';
import { InvalidParamsError, type FeeLine, type Quote, type QuoteOptions } from './quote';
import { appendMemberDiscount, appendShippingAndTax, orderTotal, promise } from './quote-lines';
import type { BoardPackage, PcbSheet, PriceSheet, Surcharge } from './sheet';

/** The package the board falls in, if any (either orientation). */
export function findPackage(pcb: PcbSheet, p: PcbParams, g: PcbGeometry): BoardPackage | undefined {
  const l = g.pieceLength100;
  const w = g.pieceWidth100;
  return pcb.packages.find((pkg) => {
    const maxL = pkg.maxLengthMm * 100;
    const maxW = pkg.maxWidthMm * 100;
    return (
      p.designs === 1 &&
      pkg.layers.includes(p.layers) &&
      pkg.materials.includes(p.material) &&
      p.quantity <= pkg.maxQuantity &&
      ((l <= maxL && w <= maxW) || (l <= maxW && w <= maxL))
    );
  });
}

/** Index of the batch band an area falls in. */
export function batchBandIndex(
  pcb: PcbSheet,
  layers: PcbParams['layers'],
  areaMm2: number,
): number {
  const bands = pcb.batchBands[layers];
  let i = 0;
  while (i + 1 < bands.length && areaMm2 >= bands[i + 1]!.fromAreaMm2) i += 1;
  return i;
}

function surchargeAmount(s: Surcharge, designs: number, areaUnits: number): number {
  return s.fixed * designs + mulDiv(areaUnits, s.perM2, UNITS_PER_M2);
}

function surchargeReason(s: Surcharge, designs: number, areaText: string): string {
  const parts: string[] = [];
  if (s.fixed > 0)
    parts.push(designs === 1 ? `每款${yuan(s.fixed)}` : `每款${yuan(s.fixed)} × ${designs}款`);
  if (s.perM2 > 0) parts.push(`${areaText} × ${yuan(s.perM2)}/m²`);
  return parts.join(' + ');
}

/**
 * Prices a PCB order. Throws `InvalidParamsError` for parameters `validatePcb` refuses (call it
 * first to show the issues). The lines always add up to `total`.
 */
export function pricePcb(sheet: PriceSheet, params: PcbParams, options: QuoteOptions = {}): Quote {
  const issues = validatePcb(params, sheet);
  if (issues.length > 0) throw new InvalidParamsError(issues);
  const pcb = sheet.pcb;
  const g = pcbGeometry(params);
  const { layers, designs } = params;
  const area = g.areaUnits;
  const areaText = squareMetres(g.areaMm2);
  const lines: FeeLine[] = [];
  const warnings: string[] = [];

  const pkg = findPackage(pcb, params, g);
  const isSample =
    pkg === undefined &&
    area < pcb.sample.areaBelowMm2 * UNITS_PER_MM2 &&
    params.quantity < pcb.sample.quantityBelow;
  const band = pkg || isSample ? -1 : batchBandIndex(pcb, layers, g.areaMm2);
  const waivedByArea = area >= pcb.engineeringWaivedFromAreaMm2 * UNITS_PER_MM2;
  let regime = pkg ? `package:${pkg.code}` : isSample ? 'sample' : `batch:${band}`;
  if (waivedByArea && !pkg) regime += '+noEngineering';

  // 工程费
  const engineering = pcb.engineering[layers];
  if (pkg?.engineeringIncluded) {
    lines.push({ code: 'engineering', name: '工程费', amount: 0, reason: `${pkg.name}已含工程费` });
  } else if (options.repeatOrder) {
    lines.push({
      code: 'engineering',
      name: '工程费',
      amount: 0,
      reason: '返单且文件未改动，免工程费',
    });
  } else if (waivedByArea) {
    lines.push({
      code: 'engineering',
      name: '工程费',
      amount: 0,
      reason: `总面积${areaText}，满${squareMetres(pcb.engineeringWaivedFromAreaMm2)}免工程费`,
    });
  } else {
    lines.push({
      code: 'engineering',
      name: '工程费',
      amount: engineering * designs,
      reason:
        designs === 1
          ? `${layers}层板每款设计${yuan(engineering)}`
          : `${layers}层板每款设计${yuan(engineering)} × ${designs}款`,
    });
  }

  // 板费
  if (pkg) {
    lines.push({
      code: 'board',
      name: '板费',
      amount: pkg.price,
      reason: `${pkg.name}：${pkg.layers.join('/')}层、不超过${pkg.maxLengthMm}×${pkg.maxWidthMm}mm、${pkg.maxQuantity}片以内，套餐价${yuan(pkg.price)}`,
    });
  } else if (isSample) {
    const step = pcb.sampleSteps[layers];
    const steps = Math.max(1, mulDivCeil(area, 1, step.stepAreaMm2 * UNITS_PER_MM2));
    lines.push({
      code: 'board',
      name: '板费',
      amount: steps * step.stepPrice,
      reason: `样板总面积${areaText}，每${squareMetres(step.stepAreaMm2)}一档，计${steps}档 × ${yuan(step.stepPrice)}`,
    });
  } else {
    const bands = pcb.batchBands[layers];
    const rate = bands[band]!.pricePerM2;
    const byArea = mulDiv(area, rate, UNITS_PER_M2);
    const minimum = pcb.batchMinimum[layers];
    const next = bands[band + 1];
    const bandText = next
      ? `${squareMetres(bands[band]!.fromAreaMm2)}–${squareMetres(next.fromAreaMm2)}档`
      : `${squareMetres(bands[band]!.fromAreaMm2)}以上档`;
    lines.push({
      code: 'board',
      name: '板费',
      amount: Math.max(byArea, minimum),
      reason:
        byArea >= minimum
          ? `批量总面积${areaText}（${bandText}）× ${yuan(rate)}/m²`
          : `批量总面积${areaText} × ${yuan(rate)}/m² = ${yuan(byArea)}，低于${layers}层最低收费，按${yuan(minimum)}计`,
    });
    // 菲林费
    const film = pcb.film[layers];
    lines.push({
      code: 'film',
      name: '菲林费',
      amount: film * designs,
      reason:
        designs === 1
          ? `批量订单出菲林，${layers}层每款${yuan(film)}`
          : `批量订单出菲林，${layers}层每款${yuan(film)} × ${designs}款`,
    });
  }

  // 拼版费
  const panelParts: string[] = [];
  let panelAmount = 0;
  if (designs > 1) {
    panelAmount += (designs - 1) * pcb.panel.perExtraDesign;
    panelParts.push(
      `文件含${designs}款设计，多出${designs - 1}款 × ${yuan(pcb.panel.perExtraDesign)}`,
    );
  }
  if (params.delivery === 'panelByFactory') {
    panelAmount += pcb.panel.factoryPanel;
    panelParts.push(
      `工厂代拼版（${params.panelRows}×${params.panelColumns}，加5mm工艺边）${yuan(pcb.panel.factoryPanel)}`,
    );
  }
  if (panelParts.length > 0) {
    lines.push({
      code: 'panel',
      name: '拼版费',
      amount: panelAmount,
      reason: panelParts.join('；'),
    });
  }

  // Option surcharges
  const o = pcb.options;
  const option = (code: string, name: string, s: Surcharge | undefined, what: string) => {
    if (!s) return;
    const amount = surchargeAmount(s, designs, area);
    if (amount > 0) {
      lines.push({
        code: `option.${code}`,
        name,
        amount,
        reason: `${what}：${surchargeReason(s, designs, areaText)}`,
      });
    }
  };
  option('material', '板材加价', o.material[params.material], materialLabels[params.material]);
  option(
    'thickness',
    '板厚加价',
    o.thickness[String(params.thicknessMm)],
    `板厚${params.thicknessMm}mm`,
  );
  if (params.outerCopperOz === 2)
    option('outerCopper', '外层铜厚', o.outerCopper2oz, '外层铜厚2oz');
  if (layers >= 4 && params.innerCopperOz === 1)
    option('innerCopper', '内层铜厚', o.innerCopper1oz, '内层铜厚1oz');
  option(
    'maskColor',
    '阻焊颜色',
    o.maskColor[params.maskColor],
    `${maskColorLabels[params.maskColor]}色阻焊`,
  );
  option('finish', '表面处理', o.finish[params.finish], finishLabels[params.finish]);
  option('vias', '过孔处理', o.vias[params.vias], viaLabels[params.vias]);
  option(
    'minTrack',
    '精细线路',
    o.minTrack[String(params.minTrackMil)],
    `线宽线距${params.minTrackMil}/${params.minTrackMil}mil`,
  );
  option(
    'minHole',
    '小孔加价',
    o.minHole[String(params.minHoleMm)],
    `最小孔径${params.minHoleMm}mm`,
  );
  if (params.goldFingers) option('goldFingers', '金手指', o.goldFingers, '金手指');
  if (params.bevel) option('bevel', '斜边', o.bevel, '金手指斜边');
  if (params.impedance) option('impedance', '阻抗控制', o.impedance, '阻抗控制');
  if (params.castellated) option('castellated', '半孔', o.castellated, '半孔工艺');
  if (params.edgePlating) option('edgePlating', '金属包边', o.edgePlating, '金属包边');

  // 测试费
  const test = pcb.test[params.test];
  const testAmount = surchargeAmount(test, designs, area);
  lines.push({
    code: 'test',
    name: '测试费',
    amount: testAmount,
    reason:
      testAmount === 0
        ? `${testLabels[params.test]}，不收费`
        : `${testLabels[params.test]}${layers >= 4 ? '（4层及以上必须全测）' : ''}：${surchargeReason(test, designs, areaText)}`,
  });
  if (params.test === 'fixture' && (pkg || isSample)) {
    warnings.push('样板数量少，测试架费用较高，飞针全测更划算');
  }

  // 加急费 and build days
  const standardDays = standardBuildDays(sheet, layers, g.areaMm2);
  let buildDays = standardDays;
  if (params.buildTime !== 'standard') {
    const tier = pcb.rush[params.buildTime];
    buildDays = tier.days;
    const amount = tier.fee.fixed + mulDiv(area, tier.fee.perM2, UNITS_PER_M2);
    const perArea = tier.fee.perM2 > 0 ? ` + ${areaText} × ${yuan(tier.fee.perM2)}/m²` : '';
    lines.push({
      code: 'rush',
      name: '加急费',
      amount,
      reason: `${buildTimeLabels[params.buildTime]}：比标准${standardDays}个工作日快${standardDays - tier.days}天，${yuan(tier.fee.fixed)}${perArea}`,
    });
  }

  appendMemberDiscount(options, lines);

  // 运费
  const weightGrams = pcbWeightGrams(sheet, params, g);
  appendShippingAndTax(sheet, options, weightGrams, lines, warnings);

  const quote: Quote = {
    total: orderTotal(lines, weightGrams),
    lines,
    buildDays,
    warnings,
    sheetVersion: sheet.version,
    regime,
    weightGrams,
  };
  if (params.confirmProductionFile) warnings.push('需确认生产稿：交期从您确认生产稿后起算');
  promise(sheet, options, quote);
  return quote;
}

/** Board weight (area × thickness × density) plus packaging, whole grams. */
export function pcbWeightGrams(sheet: PriceSheet, p: PcbParams, g: PcbGeometry): number {
  const mm3 = mulDivCeil(g.areaUnits, Math.round(p.thicknessMm * 100), 1_000_000);
  const density =
    p.material === 'aluminium'
      ? sheet.pcb.densityMgPerCm3.aluminium
      : sheet.pcb.densityMgPerCm3.fr4;
  return mulDivCeil(mm3, density, 1_000_000) + sheet.shipping.packagingGrams;
}
