// The analysis run directly (no worker) on the boards tooling/gerber-fixtures/make.mjs generates.
import { describe, expect, it } from 'vitest';
// eslint-disable-next-line no-restricted-imports -- the test builds odd zips itself
import { zipSync } from 'fflate';
import {
  fourLayerBoard,
  twoLayerBoard,
  zipFiles,
} from '../../../../../tooling/gerber-fixtures/make.mjs';
import { analyzeGerberBytes, analyzeGerberFiles } from './analyze';
import { GerberZipError } from './errors';

const entries = (files: Record<string, string>) =>
  Object.entries(files).map(([path, text]) => ({ path, text }));
const without = (files: Record<string, string>, test: RegExp) =>
  Object.fromEntries(Object.entries(files).filter(([name]) => !test.test(name)));

describe('analyzeGerberBytes: the 2-layer 100 × 80 mm board (Protel names, mm)', () => {
  it('identifies every file by its name', async () => {
    const analysis = await analyzeGerberBytes(zipFiles(twoLayerBoard().files));
    expect(analysis.files).toEqual([
      { path: 'board.GTL', type: 'copper', side: 'top' },
      { path: 'board.GBL', type: 'copper', side: 'bottom' },
      { path: 'board.GTS', type: 'soldermask', side: 'top' },
      { path: 'board.GBS', type: 'soldermask', side: 'bottom' },
      { path: 'board.GTO', type: 'silkscreen', side: 'top' },
      { path: 'board.GBO', type: 'silkscreen', side: 'bottom' },
      { path: 'board.GKO', type: 'outline', side: 'all' },
      { path: 'board.TXT', type: 'drill', side: 'all' },
    ]);
  });

  it('measures the outline (rounded corners), counts copper layers and drill hits', async () => {
    const board = twoLayerBoard();
    const analysis = await analyzeGerberBytes(zipFiles(board.files));
    expect(analysis.size).toEqual({ known: true, value: { widthMm: 100, heightMm: 80 } });
    expect(analysis.copperLayers).toEqual({
      known: true,
      value: { count: 2, outer: 2, inner: 0 },
    });
    expect(board.expected.drillHits).toBe(116);
    expect(analysis.drill).toEqual({
      known: true,
      value: { hits: 116, smallestMm: 0.3, tools: 2 },
    });
  });

  it('renders top and bottom as SVG of the board size', async () => {
    const analysis = await analyzeGerberBytes(zipFiles(twoLayerBoard().files));
    expect(analysis.top.known && analysis.top.value).toMatch(
      /^<svg [^>]*id="board_top" viewBox="0 0 100000 80000" width="100mm" height="80mm"/,
    );
    expect(analysis.bottom.known && analysis.bottom.value).toMatch(/id="board_bottom"/);
  });
});

describe('analyzeGerberBytes: the 4-layer 100 × 100 mm board (KiCad names in a folder, inch)', () => {
  it('identifies inner layers, converts inches, counts 4 copper layers', async () => {
    const analysis = await analyzeGerberBytes(zipFiles(fourLayerBoard().files));
    expect(analysis.files.filter((f) => f.type === 'copper').map((f) => [f.path, f.side])).toEqual([
      ['gerbers/board-F_Cu.gbr', 'top'],
      ['gerbers/board-In1_Cu.gbr', 'inner'],
      ['gerbers/board-In2_Cu.gbr', 'inner'],
      ['gerbers/board-B_Cu.gbr', 'bottom'],
    ]);
    expect(analysis.size).toEqual({ known: true, value: { widthMm: 100, heightMm: 100 } });
    expect(analysis.copperLayers).toEqual({
      known: true,
      value: { count: 4, outer: 2, inner: 2 },
    });
    expect(analysis.drill).toEqual({
      known: true,
      value: { hits: 158, smallestMm: 0.2, tools: 2 },
    });
    expect(analysis.top.known).toBe(true);
  });
});

describe('what cannot be derived is said, never guessed', () => {
  it('no outline file: size unknown with the reason; the rest still derived', async () => {
    const files = without(twoLayerBoard().files, /\.GKO$/);
    const analysis = await analyzeGerberFiles(entries(files));
    expect(analysis.size).toEqual({
      known: false,
      reason: '压缩包里没有板框（外形）层文件，无法得出板子尺寸，请按实际尺寸填写',
    });
    expect(analysis.copperLayers.known && analysis.copperLayers.value.count).toBe(2);
    expect(analysis.top.known).toBe(true);
  });

  it('no drill file: drill unknown with the reason', async () => {
    const analysis = await analyzeGerberFiles(entries(without(fourLayerBoard().files, /\.drl$/)));
    expect(analysis.drill).toEqual({
      known: false,
      reason: '压缩包里没有钻孔文件（如 .TXT/.DRL），孔数和最小孔径未知',
    });
  });

  it('no copper: layers unknown; an inner layer without both outer ones is refused', async () => {
    const noCopper = await analyzeGerberFiles(entries(without(twoLayerBoard().files, /\.G[TB]L$/)));
    expect(noCopper.copperLayers).toEqual({
      known: false,
      reason: '没有识别出铜层文件（如 .GTL/.GBL、F_Cu/B_Cu），无法得出层数',
    });
    const partial = await analyzeGerberFiles(entries(without(fourLayerBoard().files, /B_Cu/)));
    expect(partial.copperLayers).toEqual({
      known: false,
      reason: '有内层却缺少顶层或底层铜层文件，文件可能不全',
    });
  });

  it('files it cannot name or parse are listed with the reason, not used', async () => {
    const files = {
      ...twoLayerBoard().files,
      'readme.md': '# my board',
      'board.GBP': 'this is not gerber at all',
    };
    const analysis = await analyzeGerberFiles(entries(files));
    expect(analysis.files.filter((f) => f.problem)).toEqual([
      {
        path: 'readme.md',
        type: null,
        side: null,
        problem: '文件名无法识别为Gerber或钻孔层，未使用',
      },
      {
        path: 'board.GBP',
        type: 'solderpaste',
        side: 'bottom',
        problem: '文件里没有可识别的图形（可能不是Gerber/Excellon格式或是空层），未使用',
      },
    ]);
    expect(analysis.size.known && analysis.size.value).toEqual({ widthMm: 100, heightMm: 80 });
  });
});

describe('refusals of the whole file', () => {
  it('a file that is not a zip', async () => {
    const bytes = new TextEncoder().encode('Rar!\u001a\u0007\u0000 not a zip');
    await expect(analyzeGerberBytes(bytes)).rejects.toEqual(
      new GerberZipError('无法解压：文件不是有效的zip压缩包（rar、7z请先转为zip）'),
    );
  });

  it('an empty zip, and folders / macOS metadata are skipped', async () => {
    await expect(analyzeGerberBytes(zipSync({}))).rejects.toEqual(
      new GerberZipError('压缩包是空的'),
    );
    const bytes = zipSync({
      '__MACOSX/._board.GTL': new Uint8Array([1, 2, 3]),
      'gerbers/': new Uint8Array(),
    });
    await expect(analyzeGerberBytes(bytes)).rejects.toEqual(new GerberZipError('压缩包是空的'));
  });

  it('too many files', async () => {
    const many: Record<string, Uint8Array> = {};
    for (let i = 0; i < 201; i += 1) many[`f${i}.txt`] = new Uint8Array([65]);
    await expect(analyzeGerberBytes(zipSync(many))).rejects.toEqual(
      new GerberZipError('压缩包内文件过多（201个，最多200个）'),
    );
  });
});
