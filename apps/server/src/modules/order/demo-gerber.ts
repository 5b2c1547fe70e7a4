import { zipSync, type Zippable } from 'fflate';

/**
 * The demo orders' design file (decision 0048): a small real Gerber set, made here so every
 * byte has a known origin — a 2-layer 50 × 40 mm board with Protel/Altium names (copper, mask,
 * silkscreen, outline, Excellon drill), metric, zipped with a fixed date so the bytes never
 * change. The quote page's Gerber reader identifies it like a customer's file.
 */

const WIDTH_MM = 50;
const HEIGHT_MM = 40;

/** Format 4.6 in mm: integers of 1e-6 mm. */
const coord = (mm: number) => String(Math.round(mm * 1e6));
const xy = (x: number, y: number) => `X${coord(x)}Y${coord(y)}`;

function gerber(comment: string, body: string[]): string {
  return [`G04 ${comment}*`, '%FSLAX46Y46*%', '%MOMM*%', '%LPD*%', ...body, 'M02*', ''].join('\n');
}

const pads: [number, number][] = [];
for (let x = 8; x <= 42; x += 2.54) pads.push([x, 8], [x, 32]);
const vias: [number, number][] = [
  [15, 20],
  [25, 20],
  [35, 20],
];
const holes: [number, number][] = [
  [3.5, 3.5],
  [WIDTH_MM - 3.5, 3.5],
  [WIDTH_MM - 3.5, HEIGHT_MM - 3.5],
  [3.5, HEIGHT_MM - 3.5],
];

function copper(side: 'top' | 'bottom'): string {
  const body = ['%ADD10R,1.600000X1.000000*%', '%ADD11C,0.600000*%', '%ADD12C,0.250000*%'];
  body.push('D10*', ...pads.map(([x, y]) => `${xy(x, y)}D03*`));
  body.push('D11*', ...vias.map(([x, y]) => `${xy(x, y)}D03*`));
  body.push('D12*');
  pads.forEach(([x, y], i) => {
    if ((i % 2 === 0) !== (side === 'top')) return;
    const [vx, vy] = vias[i % vias.length]!;
    body.push(`${xy(x, y)}D02*`, `G01${xy(x, vy)}D01*`, `${xy(vx, vy)}D01*`);
  });
  return gerber(`Demo board copper ${side}`, body);
}

const mask = gerber('Demo board solder mask top', [
  '%ADD10R,1.800000X1.200000*%',
  'D10*',
  ...pads.map(([x, y]) => `${xy(x, y)}D03*`),
]);

const silk = gerber('Demo board silkscreen top', [
  '%ADD10C,0.150000*%',
  'D10*',
  `${xy(6, 14)}D02*`,
  `G01${xy(44, 14)}D01*`,
  `${xy(44, 26)}D01*`,
  `${xy(6, 26)}D01*`,
  `${xy(6, 14)}D01*`,
]);

const outline = gerber(`Demo board outline ${WIDTH_MM} x ${HEIGHT_MM} mm`, [
  '%ADD10C,0.100000*%',
  'D10*',
  `${xy(0, 0)}D02*`,
  `G01${xy(WIDTH_MM, 0)}D01*`,
  `${xy(WIDTH_MM, HEIGHT_MM)}D01*`,
  `${xy(0, HEIGHT_MM)}D01*`,
  `${xy(0, 0)}D01*`,
]);

const drill = [
  'M48',
  '; DRILL file of the demo board',
  'FMAT,2',
  'METRIC,TZ',
  'T1C0.300',
  'T2C3.200',
  '%',
  'G90',
  'G05',
  'T1',
  ...vias.map(([x, y]) => `X${x.toFixed(3)}Y${y.toFixed(3)}`),
  'T2',
  ...holes.map(([x, y]) => `X${x.toFixed(3)}Y${y.toFixed(3)}`),
  'T0',
  'M30',
  '',
].join('\n');

/** The zip's bytes (about 2 KB), the same on every call. */
export function demoGerberZip(): Uint8Array {
  const mtime = new Date('2026-01-01T00:00:00Z');
  const files: Record<string, string> = {
    'demo-board.GTL': copper('top'),
    'demo-board.GBL': copper('bottom'),
    'demo-board.GTS': mask,
    'demo-board.GTO': silk,
    'demo-board.GKO': outline,
    'demo-board.TXT': drill,
  };
  const entries: Zippable = {};
  for (const [name, text] of Object.entries(files)) {
    entries[name] = [new TextEncoder().encode(text), { mtime }];
  }
  return zipSync(entries, { level: 6 });
}
