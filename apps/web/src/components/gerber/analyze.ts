// The analysis itself, free of the worker so Node tests run it directly
// (docs/decisions/0030-gerber-analysis.md). Heavy: fflate, whats-that-gerber, gerber-to-svg and
// pcb-stackup. Only gerber.worker.ts and tests import this file; the page reaches it through
// index.ts's analyzeGerberZip, which runs it in a Web Worker.
/* eslint-disable no-restricted-imports -- this file is the worker's side (decision 0030) */
import { unzipSync } from 'fflate';
import whatsThatGerber from 'whats-that-gerber';
import gerberToSvg from 'gerber-to-svg';
import pcbStackup from 'pcb-stackup';
/* eslint-enable no-restricted-imports */
import { GerberZipError } from './errors';
import type {
  BoardSize,
  CopperLayers,
  Derived,
  DrillFacts,
  GerberAnalysis,
  GerberFileInfo,
  GerberLayerSide,
  GerberLayerType,
} from './types';

/** Limits against a hostile or mistaken zip: a zip bomb or a whole project folder. */
export const GERBER_LIMITS = {
  maxFiles: 200,
  maxFileBytes: 30 * 1024 * 1024,
  maxTotalBytes: 120 * 1024 * 1024,
} as const;

interface TextEntry {
  path: string;
  text: string;
}

const now = () => (typeof performance === 'undefined' ? Date.now() : performance.now());
const MM_PER_INCH = 25.4;
const round = (value: number, places: number) => {
  const k = 10 ** places;
  return Math.round(value * k) / k;
};
const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** Unzip, keeping files only (no folders, no macOS resource forks), within the limits. */
export function unzipGerber(bytes: Uint8Array): TextEntry[] {
  let count = 0;
  let total = 0;
  let tooBig: string | undefined;
  let raw: Record<string, Uint8Array>;
  try {
    raw = unzipSync(bytes, {
      filter(file) {
        if (file.name.endsWith('/') || file.name.startsWith('__MACOSX/')) return false;
        if (baseName(file.name).startsWith('.')) return false;
        count += 1;
        total += file.originalSize;
        if (file.originalSize > GERBER_LIMITS.maxFileBytes) tooBig ??= file.name;
        return (
          count <= GERBER_LIMITS.maxFiles &&
          total <= GERBER_LIMITS.maxTotalBytes &&
          file.originalSize <= GERBER_LIMITS.maxFileBytes
        );
      },
    });
  } catch {
    throw new GerberZipError('无法解压：文件不是有效的zip压缩包（rar、7z请先转为zip）');
  }
  if (count > GERBER_LIMITS.maxFiles)
    throw new GerberZipError(`压缩包内文件过多（${count}个，最多${GERBER_LIMITS.maxFiles}个）`);
  if (total > GERBER_LIMITS.maxTotalBytes)
    throw new GerberZipError('压缩包解压后超过120MB，无法在手机上分析');
  if (tooBig) throw new GerberZipError(`${tooBig} 解压后超过30MB，无法在手机上分析`);
  const decoder = new TextDecoder('utf-8');
  return Object.entries(raw).map(([path, data]) => ({ path, text: decoder.decode(data) }));
}

/** What the parser tells us about one file while gerber-to-svg renders it. */
interface LayerStats {
  units?: 'mm' | 'in';
  tools: Map<string, { shape: string; params: number[] }>;
  currentTool?: string;
  /** Flash count per tool code. */
  flashes: Map<string, number>;
}

interface ParserObject {
  type: string;
  prop?: string;
  value?: unknown;
  op?: string;
  code?: string;
  tool?: { shape: string; params: number[] };
}

function collect(stats: LayerStats, object: ParserObject) {
  if (object.type === 'tool' && object.code && object.tool) {
    stats.tools.set(object.code, object.tool);
  } else if (object.type === 'set') {
    if (object.prop === 'units' && (object.value === 'mm' || object.value === 'in'))
      stats.units = object.value;
    else if (object.prop === 'tool' && typeof object.value === 'string')
      stats.currentTool = object.value;
  } else if (object.type === 'op' && object.op === 'flash' && stats.currentTool !== undefined) {
    stats.flashes.set(stats.currentTool, (stats.flashes.get(stats.currentTool) ?? 0) + 1);
  }
}

type Converter = ReturnType<typeof gerberToSvg>;

interface RenderedLayer {
  info: GerberFileInfo;
  converter: Converter;
  stats: LayerStats;
}

function renderLayer(entry: TextEntry, type: GerberLayerType, index: number) {
  return new Promise<{ converter: Converter; stats: LayerStats }>((resolve, reject) => {
    const stats: LayerStats = {
      tools: new Map(),
      flashes: new Map(),
    };
    const done = (error: Error | null) => (error ? reject(error) : resolve({ converter, stats }));
    const converter: Converter = gerberToSvg(
      entry.text,
      { id: `gl${index}`, plotAsOutline: type === 'outline' ? true : undefined },
      done,
    );
    // Listeners attach before the parser runs: gerber-to-svg writes the string on next tick.
    converter.parser.on('data', (object: ParserObject) => collect(stats, object));
  });
}

const toMm = (value: number, units: string | undefined) =>
  units === 'in' ? value * MM_PER_INCH : value;

function deriveSize(layers: RenderedLayer[]): Derived<BoardSize> {
  const outlines = layers.filter((l) => l.info.type === 'outline');
  if (outlines.length === 0)
    return {
      known: false,
      reason: '压缩包里没有板框（外形）层文件，无法得出板子尺寸，请按实际尺寸填写',
    };
  if (outlines.length > 1)
    return {
      known: false,
      reason: `压缩包里有${outlines.length}个板框层文件（${outlines.map((l) => baseName(l.info.path)).join('、')}），无法确定以哪个为准`,
    };
  const [outline] = outlines as [RenderedLayer];
  const { converter, stats } = outline;
  const units = converter.units || stats.units;
  // Plotted as an outline (as pcb-stackup plots it): strokes are the board edge's centre line,
  // the tool's width is not added, so the box is the board.
  const widthMm = round(toMm(converter.width, units), 2);
  const heightMm = round(toMm(converter.height, units), 2);
  if (!units || !(widthMm > 0) || !(heightMm > 0))
    return { known: false, reason: '板框层没有可测量的图形，无法得出板子尺寸' };
  return { known: true, value: { widthMm, heightMm } };
}

function deriveCopper(files: GerberFileInfo[]): Derived<CopperLayers> {
  const copper = files.filter((f) => f.type === 'copper' && !f.problem);
  const outer = copper.filter((f) => f.side === 'top' || f.side === 'bottom');
  const inner = copper.filter((f) => f.side === 'inner').length;
  if (copper.length === 0)
    return { known: false, reason: '没有识别出铜层文件（如 .GTL/.GBL、F_Cu/B_Cu），无法得出层数' };
  const tops = outer.filter((f) => f.side === 'top').length;
  const bottoms = outer.length - tops;
  if (tops > 1 || bottoms > 1)
    return { known: false, reason: '识别出多个顶层或底层铜层文件，无法确定层数' };
  if (inner > 0 && outer.length < 2)
    return { known: false, reason: '有内层却缺少顶层或底层铜层文件，文件可能不全' };
  return { known: true, value: { count: outer.length + inner, outer: outer.length, inner } };
}

function deriveDrill(layers: RenderedLayer[], files: GerberFileInfo[]): Derived<DrillFacts> {
  const drills = layers.filter((l) => l.info.type === 'drill');
  if (drills.length === 0) {
    const unreadable = files.find((f) => f.type === 'drill' && f.problem);
    return {
      known: false,
      reason: unreadable
        ? `钻孔文件 ${baseName(unreadable.path)} 无法读取，孔数未知`
        : '压缩包里没有钻孔文件（如 .TXT/.DRL），孔数和最小孔径未知',
    };
  }
  let hits = 0;
  const sizes = new Set<number>();
  for (const { stats, converter } of drills) {
    const units = converter.units || stats.units;
    for (const [code, count] of stats.flashes) {
      const tool = stats.tools.get(code);
      hits += count;
      if (tool?.shape !== 'circle' || typeof tool.params[0] !== 'number' || !units)
        return { known: false, reason: `钻孔文件的刀具 ${code} 没有直径，无法得出最小孔径` };
      sizes.add(round(toMm(tool.params[0], units), 2));
    }
  }
  if (hits === 0) return { known: false, reason: '钻孔文件里没有钻孔坐标' };
  return { known: true, value: { hits, smallestMm: Math.min(...sizes), tools: sizes.size } };
}

/** Analyse the text files of a Gerber set (already unzipped). */
export async function analyzeGerberFiles(
  entries: TextEntry[],
  unzipMs = 0,
): Promise<GerberAnalysis> {
  const start = now();
  const ids = whatsThatGerber(entries.map((e) => baseName(e.path)));
  const files: GerberFileInfo[] = entries.map((e) => {
    const id = ids[baseName(e.path)];
    const info: GerberFileInfo = {
      path: e.path,
      type: (id?.type ?? null) as GerberLayerType | null,
      side: (id?.side ?? null) as GerberLayerSide | null,
    };
    if (!info.type) info.problem = '文件名无法识别为Gerber或钻孔层，未使用';
    return info;
  });

  const usable = entries
    .map((entry, index) => ({ entry, info: files[index]!, index }))
    .filter(({ info }) => info.type !== null && info.type !== 'drawing');
  for (const f of files) if (f.type === 'drawing') f.problem = '图纸/说明层，不参与分析';

  const settled = await Promise.allSettled(
    usable.map(({ entry, info, index }) => renderLayer(entry, info.type!, index)),
  );
  const layers: RenderedLayer[] = [];
  settled.forEach((result, n) => {
    const { info } = usable[n]!;
    if (result.status === 'rejected')
      info.problem = '文件内容无法解析（可能不是Gerber/Excellon格式或已损坏）';
    else if (result.value.converter.width <= 0 && result.value.converter.height <= 0)
      info.problem = '文件里没有可识别的图形（可能不是Gerber/Excellon格式或是空层），未使用';
    else layers.push({ info, ...result.value });
  });

  const size = deriveSize(layers);
  const copperLayers = deriveCopper(files);
  const drill = deriveDrill(layers, files);

  let top: Derived<string>;
  let bottom: Derived<string>;
  if (layers.length === 0) {
    top = bottom = { known: false, reason: '没有可渲染的层文件，无法预览' };
  } else {
    try {
      const stackup = await pcbStackup(
        layers.map((l) => ({
          filename: baseName(l.info.path),
          type: l.info.type!,
          side: l.info.side!,
          converter: l.converter,
        })),
        { id: 'board', useOutline: size.known },
      );
      top = { known: true, value: stackup.top.svg };
      bottom = { known: true, value: stackup.bottom.svg };
    } catch {
      top = bottom = { known: false, reason: '层文件组合渲染失败，无法预览' };
    }
  }
  const renderMs = now() - start;
  return {
    files,
    size,
    copperLayers,
    drill,
    top,
    bottom,
    timings: {
      unzipMs: round(unzipMs, 1),
      renderMs: round(renderMs, 1),
      totalMs: round(unzipMs + renderMs, 1),
    },
  };
}

/** Unzip and analyse a Gerber zip's bytes. */
export async function analyzeGerberBytes(bytes: Uint8Array): Promise<GerberAnalysis> {
  const start = now();
  const entries = unzipGerber(bytes);
  if (entries.length === 0) throw new GerberZipError('压缩包是空的');
  return analyzeGerberFiles(entries, now() - start);
}
