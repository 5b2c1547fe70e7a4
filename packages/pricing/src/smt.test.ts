import { describe, expect, it } from 'vitest';
import type { Quote } from './quote';
import { defaultPriceSheet as sheet } from './seed-sheet';
import { defaultSmtParams, priceSmt, smtParamString, validateSmt, type SmtParams } from './smt';

const p = (change: Partial<Record<keyof SmtParams, unknown>> = {}): SmtParams =>
  ({ ...defaultSmtParams, ...change }) as SmtParams;
const amounts = (q: Quote) => Object.fromEntries(q.lines.map((l) => [l.code, l.amount]));

describe('validateSmt', () => {
  it('accepts the default', () => expect(validateSmt(defaultSmtParams, sheet)).toEqual([]));

  const rules: [string, Partial<Record<keyof SmtParams, unknown>>, string, string, string][] = [
    ['unknown side', { sides: 'triple' }, 'sides', 'smt.invalidOption', '请选择贴片面'],
    ['flag not boolean', { xray: 1 }, 'xray', 'smt.invalidOption', '请选择X光检测'],
    [
      'quantity 0',
      { quantity: 0 },
      'quantity',
      'smt.quantity.range',
      '贴片数量须为1到100000的整数',
    ],
    [
      'unique parts 0',
      { uniqueParts: 0 },
      'uniqueParts',
      'smt.uniqueParts.range',
      '元件种类数须为1到2000的整数',
    ],
    [
      'negative joints',
      { dipJoints: -1 },
      'dipJoints',
      'smt.joints.range',
      '每片插件焊点数须为0到100000的整数',
    ],
    [
      'no joints',
      { smdJoints: 0, dipJoints: 0, stencilIncluded: false },
      'smdJoints',
      'smt.joints.none',
      '贴片焊点和插件焊点不能都为0',
    ],
    [
      'more parts than joints',
      { uniqueParts: 101 },
      'uniqueParts',
      'smt.uniqueParts.moreThanJoints',
      '元件种类数不能多于焊点数',
    ],
    [
      'double with one joint',
      { sides: 'double', smdJoints: 1, uniqueParts: 1 },
      'sides',
      'smt.sides.doubleNeedsJoints',
      '双面贴片每面至少1个贴片焊点',
    ],
    [
      'stencil for DIP only',
      { smdJoints: 0, dipJoints: 20 },
      'stencilIncluded',
      'smt.stencil.noSmd',
      '只有插件焊点时不需要钢网',
    ],
    [
      'rush over 100',
      { quantity: 101, buildTime: 'rush' },
      'buildTime',
      'smt.buildTime.unavailable',
      '加急限100片以内',
    ],
  ];
  it.each(rules)('refuses %s', (_n, change, field, code, message) => {
    expect(validateSmt(p(change), sheet)).toEqual([{ field, code, message }]);
  });
});

describe('priceSmt', () => {
  it('prices a sample run: setup, joints, feeders, stencil, engineering', () => {
    const q = priceSmt(sheet, defaultSmtParams);
    expect(q.lines).toEqual([
      { code: 'setup', name: '开机费', amount: 30000, reason: '单面贴片，每面¥300.00' },
      {
        code: 'smdJoints',
        name: '贴片费',
        amount: 1000,
        reason: '每片100个贴片焊点 × 10片 = 1000点 × ¥0.01',
      },
      { code: 'feeders', name: '上料费', amount: 0, reason: '10种元件，20种以内免上料费' },
      { code: 'stencil', name: '钢网费', amount: 16300, reason: '一张钢网，每张¥163.00' },
      {
        code: 'engineering',
        name: '工程费',
        amount: 10000,
        reason: '50片以内的样品贴片，编程与首件确认¥100.00',
      },
    ]);
    expect(q).toMatchObject({ total: 57300, buildDays: 3, regime: 'sample', weightGrams: 800 });
    expect(q.warnings).toEqual(['PCB费用按PCB计价另计', '未选收货地址，运费下单时按地址计算']);
  });

  it('prices a double-sided batch with DIP, extra feeders and every option', () => {
    const q = priceSmt(
      sheet,
      p({
        sides: 'double',
        quantity: 60,
        uniqueParts: 30,
        dipJoints: 20,
        bomSourcing: 'factory',
        pcbSource: 'supplied',
        xray: true,
        conformalCoating: true,
        functionTest: true,
        cleaning: true,
      }),
    );
    expect(amounts(q)).toEqual({
      setup: 60000,
      smdJoints: 6000,
      dipJoints: 14400,
      feeders: 3000,
      stencil: 32600,
      'option.xray': 30000,
      'option.conformalCoating': 18000,
      'option.functionTest': 12000,
      'option.cleaning': 6000,
    });
    expect(q.total).toBe(182000);
    expect(q.buildDays).toBe(4);
    expect(q.lines.find((l) => l.code === 'dipJoints')?.reason).toBe(
      '每片20个插件焊点 × 60片 = 1200点 × ¥0.12（手工焊接）',
    );
    expect(q.lines.find((l) => l.code === 'feeders')?.reason).toBe(
      '30种元件，超出免费的20种，10种 × ¥3.00',
    );
    expect(q.warnings).toEqual([
      '元器件由工厂代购，物料费按BOM审核后另行报价',
      '客供PCB请随板附上工艺边和Mark点',
      '未选收货地址，运费下单时按地址计算',
    ]);
  });

  it('rounds a fractional joint rate half up to the fen', () => {
    const cheap: typeof sheet = JSON.parse(JSON.stringify(sheet));
    cheap.smt.smdJoint = { num: 3, den: 5 }; // ¥0.006
    const at = (smdJoints: number) =>
      priceSmt(cheap, p({ smdJoints, quantity: 1, uniqueParts: 1 })).lines[1];
    expect(at(1000)).toMatchObject({
      amount: 600,
      reason: '每片1000个贴片焊点 × 1片 = 1000点 × ¥0.006',
    });
    expect(at(1001)?.amount).toBe(601);
    expect(at(1002)?.amount).toBe(601);
  });

  it('rushes small runs', () => {
    const q = priceSmt(sheet, p({ buildTime: 'rush' }));
    expect(q.lines.at(-1)).toEqual({
      code: 'rush',
      name: '加急费',
      amount: 30000,
      reason: '加急：比标准3个工作日快2天，¥300.00',
    });
    expect(q.buildDays).toBe(1);
  });

  it('ships and taxes like every quote', () => {
    const q = priceSmt(sheet, defaultSmtParams, {
      shipping: { province: '广东', courier: 'sf' },
      invoice: 'vatSpecial',
    });
    expect(amounts(q)).toMatchObject({ shipping: 1200, tax: 7605 });
    expect(q.total).toBe(57300 + 1200 + 7605);
  });
});

describe('smtParamString', () => {
  it('summarises the parameters in one line', () => {
    expect(smtParamString(defaultSmtParams)).toBe(
      '本厂PCB | 单面贴片 | 10片 | 10种元件 | 贴片100点/片 | 客供料 | 含钢网',
    );
    expect(
      smtParamString(
        p({
          pcbSource: 'supplied',
          sides: 'double',
          dipJoints: 8,
          bomSourcing: 'factory',
          stencilIncluded: false,
          xray: true,
          conformalCoating: true,
          functionTest: true,
          cleaning: true,
          buildTime: 'rush',
        }),
      ),
    ).toBe(
      '客供PCB | 双面贴片 | 10片 | 10种元件 | 贴片100点/片 | 插件8点/片 | 工厂代购料 | X光检测 | 三防漆 | 功能测试 | 清洗 | 加急',
    );
  });
});
