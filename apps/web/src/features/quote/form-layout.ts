// How the quote form is laid out per kind: the engine's field specs (labels, options) grouped
// as the peers group them (基本信息, 工艺, 其他), with the fields that only apply sometimes.
import type { OrderKind } from '@pcb/contract/order-quote';
import {
  followPcbChange,
  followSmtChange,
  pcbFieldGroups,
  pcbFields,
  smtFields,
  stencilFields,
  stencilSizes,
  type FieldSpec,
  type FollowedField,
  type ParamsOf,
  type PriceSheet,
} from '@pcb/pricing';

export interface FieldLayout {
  key: string;
  spec: FieldSpec;
  /** Numbers are typed; choices are tapped. */
  input: 'choice' | 'number';
  /** Decimals allowed (sizes); integers otherwise. */
  decimal?: boolean;
  unit?: string;
}

export interface GroupLayout {
  title: string;
  fields: FieldLayout[];
}

type Params = Record<string, unknown>;

const numberField = (
  key: string,
  spec: FieldSpec,
  unit?: string,
  decimal = false,
): FieldLayout => ({
  key,
  spec,
  input: 'number',
  decimal,
  unit,
});
const choiceField = (key: string, spec: FieldSpec): FieldLayout => ({ key, spec, input: 'choice' });

function pcbGroups(p: ParamsOf['pcb']): GroupLayout[] {
  const f = pcbFields;
  const panel = p.delivery === 'panelByFactory';
  const basic: FieldLayout[] = [
    choiceField('material', f.material),
    choiceField('layers', f.layers),
    numberField('lengthMm', f.lengthMm, 'mm', true),
    numberField('widthMm', f.widthMm, 'mm', true),
    numberField('quantity', f.quantity, p.delivery === 'panelByCustomer' ? '套' : '片'),
    choiceField('delivery', f.delivery),
    ...(panel
      ? [numberField('panelRows', f.panelRows), numberField('panelColumns', f.panelColumns)]
      : []),
    ...(p.delivery !== 'single' ? [numberField('designs', f.designs, '款')] : []),
  ];
  const process: FieldLayout[] = [
    choiceField('thicknessMm', f.thicknessMm),
    choiceField('outerCopperOz', f.outerCopperOz),
    ...(p.layers >= 4 ? [choiceField('innerCopperOz', f.innerCopperOz)] : []),
    choiceField('maskColor', f.maskColor),
    choiceField('silkColor', f.silkColor),
    choiceField('finish', f.finish),
    choiceField('vias', f.vias),
    choiceField('minTrackMil', f.minTrackMil),
    choiceField('minHoleMm', f.minHoleMm),
  ];
  const extras: FieldLayout[] = [
    choiceField('goldFingers', f.goldFingers),
    ...(p.goldFingers ? [choiceField('bevel', f.bevel)] : []),
    choiceField('impedance', f.impedance),
    choiceField('castellated', f.castellated),
    choiceField('edgePlating', f.edgePlating),
    choiceField('test', f.test),
    choiceField('confirmProductionFile', f.confirmProductionFile),
  ];
  // The build time is chosen in the standard-vs-rush comparison below the form.
  return [
    { title: pcbFieldGroups.basic, fields: basic },
    { title: pcbFieldGroups.process, fields: process },
    { title: pcbFieldGroups.extras, fields: extras },
  ];
}

function smtGroups(): GroupLayout[] {
  const f = smtFields;
  return [
    {
      title: pcbFieldGroups.basic,
      fields: [
        choiceField('pcbSource', f.pcbSource),
        numberField('quantity', f.quantity, '片'),
        choiceField('sides', f.sides),
        numberField('uniqueParts', f.uniqueParts, '种'),
        numberField('smdJoints', f.smdJoints, '点'),
        numberField('dipJoints', f.dipJoints, '点'),
      ],
    },
    {
      title: pcbFieldGroups.process,
      fields: [
        choiceField('bomSourcing', f.bomSourcing),
        choiceField('stencilIncluded', f.stencilIncluded),
        choiceField('buildTime', f.buildTime),
      ],
    },
    {
      title: pcbFieldGroups.extras,
      fields: [
        choiceField('xray', f.xray),
        choiceField('conformalCoating', f.conformalCoating),
        choiceField('functionTest', f.functionTest),
        choiceField('cleaning', f.cleaning),
      ],
    },
  ];
}

function stencilGroups(p: ParamsOf['stencil'], sheet: PriceSheet): GroupLayout[] {
  const f = stencilFields;
  return [
    {
      title: pcbFieldGroups.basic,
      fields: [
        choiceField('type', f.type),
        choiceField('size', { ...f.size, options: stencilSizes(sheet, p.type) }),
        choiceField('thicknessMm', f.thicknessMm),
        choiceField('sides', f.sides),
        numberField('quantity', f.quantity, '张'),
      ],
    },
    {
      title: pcbFieldGroups.process,
      fields: [
        choiceField('electropolish', f.electropolish),
        choiceField('fiducials', f.fiducials),
        choiceField('step', f.step),
      ],
    },
  ];
}

export function formGroups(kind: OrderKind, params: Params, sheet: PriceSheet): GroupLayout[] {
  if (kind === 'pcb') return pcbGroups(params as unknown as ParamsOf['pcb']);
  if (kind === 'smt') return smtGroups();
  return stencilGroups(params as unknown as ParamsOf['stencil'], sheet);
}

/** The draft after the member set `values`, and the fields that followed by themselves. */
export interface FieldChange {
  params: Params;
  /** Each field a rule moved, with the sentence that tells the member. */
  followed: FollowedField[];
}

/**
 * Setting fields may need others to follow: a stencil type has its own sizes, no bevel without
 * gold fingers (hidden with them, so silently); and a field the engine's rules answer with one
 * value (4层 → 电测 飞针全测) moves to it, with a sentence saying so.
 */
export function withFields(
  kind: OrderKind,
  params: Params,
  values: Params,
  sheet: PriceSheet,
): FieldChange {
  const next = { ...params, ...values };
  if (kind === 'stencil' && 'type' in values) {
    const sizes = stencilSizes(sheet, values.type as ParamsOf['stencil']['type']);
    if (!sizes.some((s) => s.value === next.size) && sizes[0]) next.size = sizes[0].value;
  }
  if (kind === 'pcb' && values.goldFingers === false) next.bevel = false;
  const changed = Object.keys(values);
  const followed =
    kind === 'pcb'
      ? followPcbChange(sheet, next as unknown as ParamsOf['pcb'], changed)
      : kind === 'smt'
        ? followSmtChange(sheet, next as unknown as ParamsOf['smt'], changed)
        : { params: next, followed: [] };
  return followed as unknown as FieldChange;
}
