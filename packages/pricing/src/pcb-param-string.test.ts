import { describe, expect, it } from 'vitest';
import { pcbParamString } from './pcb-param-string';
import { defaultPcbParams, type PcbParams } from './pcb-params';

const p = (change: Partial<PcbParams> = {}): PcbParams => ({ ...defaultPcbParams, ...change });

describe('pcbParamString', () => {
  it('summarises the common order as the lists show it', () => {
    expect(pcbParamString(defaultPcbParams)).toBe(
      '2层 | 100×100mm | 10片 | 1.6mm | 绿油白字 | 有铅喷锡 | 1oz | 过孔盖油 | 抽测',
    );
  });

  it('names every non-default choice', () => {
    expect(
      pcbParamString(
        p({
          layers: 4,
          material: 'fr4-tg170',
          lengthMm: 50.5,
          widthMm: 40,
          quantity: 5,
          delivery: 'panelByFactory',
          panelRows: 2,
          panelColumns: 3,
          designs: 2,
          thicknessMm: 1.0,
          innerCopperOz: 1,
          maskColor: 'white',
          silkColor: 'black',
          finish: 'enig2u',
          vias: 'plugged',
          minTrackMil: 3.5,
          minHoleMm: 0.2,
          goldFingers: true,
          bevel: true,
          impedance: true,
          castellated: true,
          edgePlating: true,
          test: 'flyingProbeFull',
          buildTime: 'rush48',
          confirmProductionFile: true,
        }),
      ),
    ).toBe(
      '4层 | 50.5×40mm | 5件（工厂代拼版2×3，共30片） | 2款 | FR-4 TG170 | 1.0mm | 白油黑字 | 沉金2U | 外1oz内1oz | 树脂塞孔 | 3.5/3.5mil | 孔0.2mm | 金手指斜边 | 阻抗 | 半孔 | 金属包边 | 飞针全测 | 加急48小时 | 确认生产稿',
    );
    expect(
      pcbParamString(
        p({
          delivery: 'panelByCustomer',
          quantity: 20,
          maskColor: 'matteBlack',
          goldFingers: true,
        }),
      ),
    ).toBe(
      '2层 | 100×100mm | 20件（客户拼版） | 1.6mm | 哑黑油白字 | 有铅喷锡 | 1oz | 过孔盖油 | 金手指 | 抽测',
    );
  });
});
