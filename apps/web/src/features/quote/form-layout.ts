// How the quote form is laid out per kind: the registry's field specs (labels, options) grouped
// as the peers group them (基本信息, 工艺, 其他), with the fields that only apply sometimes.
import {
  orderKindRegistry,
  pcbFieldGroups,
  stencilSizes,
  type FieldSpec,
  type OrderKind,
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
  const f = orderKindRegistry.pcb.fields;
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
  const f = orderKindRegistry.smt.fields;
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
  const f = orderKindRegistry.stencil.fields;
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

interface KindForm<P> {
  groups: (params: P, sheet: PriceSheet) => GroupLayout[];
  /** The fields that follow a change of `key` (a stencil type has its own sizes). */
  follow?: (next: P, key: string, sheet: PriceSheet) => P;
}

/** Each kind's form: a new kind does not compile until the page says how to show it. */
const forms: { [K in OrderKind]: KindForm<ParamsOf[K]> } = {
  pcb: {
    groups: pcbGroups,
    follow: (p, key) =>
      key === 'goldFingers' && p.goldFingers === false ? { ...p, bevel: false } : p,
  },
  smt: { groups: smtGroups },
  stencil: {
    groups: stencilGroups,
    follow: (p, key, sheet) => {
      if (key !== 'type') return p;
      const sizes = stencilSizes(sheet, p.type);
      return !sizes.some((s) => s.value === p.size) && sizes[0]
        ? { ...p, size: sizes[0].value }
        : p;
    },
  },
};

export function formGroups<K extends OrderKind>(
  kind: K,
  params: ParamsOf[K],
  sheet: PriceSheet,
): GroupLayout[] {
  return forms[kind].groups(params, sheet);
}

/** One field changed (a key of the kind's form, a value it offered), and those that follow. */
export function withField<K extends OrderKind>(
  kind: K,
  params: ParamsOf[K],
  key: string,
  value: unknown,
  sheet: PriceSheet,
): ParamsOf[K] {
  const next: ParamsOf[K] = { ...params, [key]: value };
  return forms[kind].follow?.(next, key, sheet) ?? next;
}
