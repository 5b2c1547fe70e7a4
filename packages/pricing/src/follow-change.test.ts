import { describe, expect, it } from 'vitest';
import { followChange, followPcbChange, followSmtChange } from './follow-change';
import { defaultPcbParams, type PcbParams } from './pcb-params';
import { validatePcb } from './pcb-validate';
import type { Issue } from './quote';
import { defaultPriceSheet as sheet } from './seed-sheet';
import { defaultSmtParams, validateSmt } from './smt';

const pcb = (change: Partial<PcbParams>): PcbParams => ({ ...defaultPcbParams, ...change });

describe('followPcbChange', () => {
  it('moves 电测 to 飞针全测 when 4层 is picked with 抽测, and says so', () => {
    const { params, followed } = followPcbChange(sheet, pcb({ layers: 4 }), ['layers']);
    expect(params).toEqual(pcb({ layers: 4, test: 'flyingProbeFull' }));
    expect(followed).toEqual([
      {
        field: 'test',
        from: 'sample',
        to: 'flyingProbeFull',
        message: '4层及以上的板须飞针全测或测试架测试，电测已改为飞针全测',
      },
    ]);
    expect(validatePcb(params, sheet)).toEqual([]);
  });

  it('chains the moves a choice needs: 6层 on a 0.6mm board with 抽测', () => {
    const { params, followed } = followPcbChange(sheet, pcb({ layers: 6, thicknessMm: 0.6 }), [
      'layers',
    ]);
    expect(params).toMatchObject({ layers: 6, thicknessMm: 0.8, test: 'flyingProbeFull' });
    expect(followed.map((f) => f.message)).toEqual([
      '6层板板厚须不小于0.8mm，板厚已改为0.8mm',
      '4层及以上的板须飞针全测或测试架测试，电测已改为飞针全测',
    ]);
    expect(validatePcb(params, sheet)).toEqual([]);
  });

  it('moves the silkscreen with the mask, the bevel with the gold fingers', () => {
    expect(followPcbChange(sheet, pcb({ maskColor: 'white' }), ['maskColor'])).toMatchObject({
      params: { silkColor: 'black' },
      followed: [{ message: '白色阻焊只能配黑色字符，字符颜色已改为黑' }],
    });
    expect(
      followPcbChange(sheet, pcb({ maskColor: 'blue', silkColor: 'black' }), ['maskColor']).params
        .silkColor,
    ).toBe('white');
    expect(
      followPcbChange(sheet, pcb({ goldFingers: false, bevel: true }), ['goldFingers']).params
        .bevel,
    ).toBe(false);
  });

  it('sends a rush tier the board no longer gets back to standard', () => {
    const { params, followed } = followPcbChange(
      sheet,
      pcb({ layers: 12, test: 'flyingProbeFull', buildTime: 'rush24' }),
      ['layers'],
    );
    expect(params.buildTime).toBe('standard');
    expect(followed[0]!.message).toMatch(/^该板不支持加急24小时.*，交期已改为标准交期$/);
  });

  it('never moves a field the member set, nor one a rule leaves open', () => {
    // The member picked 抽测 on a 4-layer board: the refusal stays under 电测.
    const picked = pcb({ layers: 4, test: 'sample' });
    expect(followPcbChange(sheet, picked, ['test'])).toEqual({ params: picked, followed: [] });
    // A design's smallest hole is a fact about the file: 2.0mm with 0.15mm holes stays refused.
    const thick = pcb({ thicknessMm: 2.0, minHoleMm: 0.15 });
    expect(followPcbChange(sheet, thick, ['thicknessMm'])).toEqual({ params: thick, followed: [] });
    // Several finishes fit a thin board: the member chooses.
    const thin = pcb({ thicknessMm: 0.4, finish: 'hasl' });
    expect(followPcbChange(sheet, thin, ['thicknessMm']).followed).toEqual([]);
  });

  it('takes the rule that clears the field: aluminium on a 0.4mm board goes to 1.0mm', () => {
    const { params, followed } = followPcbChange(
      sheet,
      pcb({ material: 'aluminium', layers: 4, thicknessMm: 0.4, test: 'flyingProbeFull' }),
      ['material'],
    );
    expect(params.thicknessMm).toBe(1.0);
    expect(followed.map((f) => f.field)).toEqual(['thicknessMm']);
    // The layers are the member's to change: the refusal stays under 层数.
    expect(validatePcb(params, sheet).map((i) => i.code)).toEqual(['pcb.layers.aluminium']);
  });
});

describe('followChange', () => {
  type P = { a: number; b: number };
  // b must equal a; b = 2 is refused outright; a = b = 3 is refused under a.
  const validate = (p: P): Issue[] => [
    ...(p.b !== p.a ? [{ field: 'b', code: 'b.matchA', message: 'b须等于a' }] : []),
    ...(p.b === 2 ? [{ field: 'b', code: 'b.two', message: 'b不能为2' }] : []),
    ...(p.a === 3 && p.b === 3 ? [{ field: 'a', code: 'a.new', message: 'new' }] : []),
  ];
  const fields = { a: { label: 'A' }, b: { label: 'B', options: [{ value: 1, label: '一' }] } };
  const rules = { 'b.matchA': (p: P) => p.a };

  it("moves to the rule's answer, labelled by its option", () => {
    expect(followChange({ validate, fields, rules }, { a: 1, b: 3 }, ['a'])).toEqual({
      params: { a: 1, b: 1 },
      followed: [{ field: 'b', from: 3, to: 1, message: 'b须等于a，B已改为一' }],
    });
  });

  it('makes no move that leaves its field refused or brings a refusal of its own', () => {
    expect(followChange({ validate, fields, rules }, { a: 2, b: 3 }, ['a']).followed).toEqual([]);
    expect(followChange({ validate, fields, rules }, { a: 3, b: 1 }, ['a']).followed).toEqual([]);
    // The member's own field never moves.
    expect(followChange({ validate, fields, rules }, { a: 1, b: 3 }, ['b']).followed).toEqual([]);
  });
});

describe('followSmtChange', () => {
  it('drops the stencil when no SMD joint is left, and rush past its limit', () => {
    const noSmd = followSmtChange(sheet, { ...defaultSmtParams, smdJoints: 0, dipJoints: 20 }, [
      'smdJoints',
    ]);
    expect(noSmd.params.stencilIncluded).toBe(false);
    expect(noSmd.followed[0]!.message).toBe('只有插件焊点时不需要钢网，钢网已改为不需要');
    expect(validateSmt(noSmd.params, sheet)).toEqual([]);

    const many = followSmtChange(
      sheet,
      { ...defaultSmtParams, buildTime: 'rush', quantity: sheet.smt.rush.maxQuantity + 1 },
      ['quantity'],
    );
    expect(many.params.buildTime).toBe('standard');
  });
});
