import { describe, expect, it } from 'vitest';
import {
  defaultPcbParams,
  defaultPriceSheet,
  defaultSmtParams,
  defaultStencilParams,
  orderKindRegistry,
  orderKinds,
} from '@pcb/pricing';
import { formGroups, withFields } from './form-layout';

const sheet = defaultPriceSheet;

describe('formGroups', () => {
  it('shows the registry’s labels, and the fields that apply to the parameters', () => {
    const labels = (groups: ReturnType<typeof formGroups>) =>
      groups.flatMap((g) => g.fields.map((f) => f.spec.label));
    expect(formGroups('smt', defaultSmtParams, sheet).map((g) => g.title)).toEqual([
      '基本信息',
      '工艺参数',
      '个性化服务',
    ]);
    expect(labels(formGroups('pcb', defaultPcbParams, sheet))).not.toContain('内层铜厚');
    expect(labels(formGroups('pcb', { ...defaultPcbParams, layers: 4 }, sheet))).toContain(
      '内层铜厚',
    );
    const frameless = formGroups('stencil', { ...defaultStencilParams, type: 'frameless' }, sheet);
    const size = frameless[0]!.fields.find((f) => f.key === 'size')!;
    expect(size.spec.options?.map((o) => o.value)).toEqual(['280x380', '370x470', '420x520']);
  });

  it('lays out a form for every kind', () => {
    for (const kind of orderKinds) {
      expect(formGroups(kind, orderKindRegistry[kind].defaults, sheet).length).toBeGreaterThan(0);
    }
  });
});

describe('withFields', () => {
  it('moves a stencil to a size its new type is made in, and keeps one it is', () => {
    const big = { ...defaultStencilParams, size: '736x736' };
    expect(withFields('stencil', big, { type: 'frameless' }, sheet).params).toEqual({
      ...big,
      type: 'frameless',
      size: '280x380',
    });
    expect(
      withFields('stencil', defaultStencilParams, { type: 'frameless' }, sheet).params,
    ).toEqual({
      ...defaultStencilParams,
      type: 'frameless',
    });
  });

  it('drops the bevel with the gold fingers', () => {
    const fingers = { ...defaultPcbParams, goldFingers: true, bevel: true };
    expect(withFields('pcb', fingers, { goldFingers: false }, sheet).params).toEqual({
      ...fingers,
      goldFingers: false,
      bevel: false,
    });
    expect(withFields('pcb', fingers, { impedance: true }, sheet).params).toEqual({
      ...fingers,
      impedance: true,
    });
  });

  it('changes only the field for a kind without follow-ups', () => {
    expect(withFields('smt', defaultSmtParams, { quantity: 50 }, sheet).params).toEqual({
      ...defaultSmtParams,
      quantity: 50,
    });
  });
});
