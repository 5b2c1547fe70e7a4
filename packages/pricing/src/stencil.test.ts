import { describe, expect, it } from 'vitest';
import type { Quote } from './quote';
import { defaultPriceSheet as sheet } from './seed-sheet';
import {
  defaultStencilParams,
  priceStencil,
  stencilParamString,
  stencilSizes,
  validateStencil,
  type StencilParams,
} from './stencil';

const p = (change: Partial<Record<keyof StencilParams, unknown>> = {}): StencilParams =>
  ({ ...defaultStencilParams, ...change }) as StencilParams;
const amounts = (q: Quote) => Object.fromEntries(q.lines.map((l) => [l.code, l.amount]));

describe('validateStencil', () => {
  it('accepts the default', () => expect(validateStencil(defaultStencilParams, sheet)).toEqual([]));
  const rules: [string, Partial<Record<keyof StencilParams, unknown>>, string, string, string][] = [
    ['unknown type', { type: 'rolled' }, 'type', 'stencil.invalidOption', '请选择钢网类型'],
    [
      'thickness not offered',
      { thicknessMm: 0.2 },
      'thicknessMm',
      'stencil.invalidOption',
      '请选择钢网厚度',
    ],
    ['flag not boolean', { step: 'no' }, 'step', 'stencil.invalidOption', '请选择阶梯钢网'],
    ['quantity 0', { quantity: 0 }, 'quantity', 'stencil.quantity.range', '数量须为1到100的整数'],
    [
      'quantity 101',
      { quantity: 101 },
      'quantity',
      'stencil.quantity.range',
      '数量须为1到100的整数',
    ],
    [
      'size of the other type',
      { type: 'frameless', size: '584x584' },
      'size',
      'stencil.size.unavailable',
      '无框钢网没有该尺寸，请从列表中选择',
    ],
    [
      'unknown size',
      { size: 'constructor' },
      'size',
      'stencil.size.unavailable',
      '有框钢网没有该尺寸，请从列表中选择',
    ],
    [
      'thin step stencil',
      { step: true, thicknessMm: 0.1 },
      'step',
      'stencil.step.thickness',
      '阶梯钢网须用0.12mm及以上的钢片',
    ],
  ];
  it.each(rules)('refuses %s', (_n, change, field, code, message) => {
    expect(validateStencil(p(change), sheet)).toEqual([{ field, code, message }]);
  });
});

describe('priceStencil', () => {
  it('prices by frame size', () => {
    expect(priceStencil(sheet, p()).lines).toEqual([
      {
        code: 'stencil',
        name: '钢网费',
        amount: 16300,
        reason: '有框钢网370×470mm每张¥163.00 × 1张',
      },
    ]);
    expect(priceStencil(sheet, p({ size: '420x520' })).total).toBe(20500);
    expect(priceStencil(sheet, p({ size: '584x584' })).total).toBe(31500);
    expect(priceStencil(sheet, p({ type: 'frameless', size: '370x470' })).total).toBe(11000);
  });

  it('adds every option per piece', () => {
    const q = priceStencil(
      sheet,
      p({
        thicknessMm: 0.15,
        sides: 'both',
        electropolish: true,
        fiducials: 'through',
        step: true,
        quantity: 2,
      }),
    );
    expect(amounts(q)).toEqual({
      stencil: 32600,
      'option.thickness': 4000,
      'option.bothSides': 6000,
      'option.electropolish': 10000,
      'option.fiducials': 6000,
      'option.step': 30000,
    });
    expect(q.lines[1]?.reason).toBe('厚度0.15mm（超过0.12mm）每张¥20.00 × 2张');
    expect(q.total).toBe(88600);
    expect(q.weightGrams).toBe(6300);
    expect(priceStencil(sheet, p({ thicknessMm: 0.12 })).lines).toHaveLength(1);
    expect(amounts(priceStencil(sheet, p({ fiducials: 'halfLasered' })))['option.fiducials']).toBe(
      3000,
    );
  });

  it('ships the frame by weight', () => {
    const q = priceStencil(sheet, p({ size: '736x736' }), {
      shipping: { province: '北京市', courier: 'sf' },
    });
    expect(q.lines.at(-1)).toMatchObject({ code: 'shipping', amount: 2200 + 9 * 800 });
  });
});

describe('stencil sizes and summary', () => {
  it('lists the sizes of each type from the sheet', () => {
    expect(stencilSizes(sheet, 'frameless')).toEqual([
      { value: '280x380', label: '280×380mm' },
      { value: '370x470', label: '370×470mm' },
      { value: '420x520', label: '420×520mm' },
    ]);
  });
  it('summarises the parameters in one line', () => {
    expect(stencilParamString(defaultStencilParams)).toBe(
      '有框钢网 | 370×470mm | 0.12mm | 顶层 | 1张',
    );
    expect(
      stencilParamString(
        p({
          type: 'frameless',
          size: '280x380',
          thicknessMm: 0.1,
          sides: 'both',
          electropolish: true,
          fiducials: 'halfLasered',
          quantity: 3,
        }),
      ),
    ).toBe('无框钢网 | 280×380mm | 0.1mm | 顶层+底层 | 3张 | 电抛光 | 半刻Mark点');
    expect(stencilParamString(p({ fiducials: 'through', step: true, sides: 'bottom' }))).toBe(
      '有框钢网 | 370×470mm | 0.12mm | 底层 | 1张 | 通孔Mark点 | 阶梯钢网',
    );
  });
});
