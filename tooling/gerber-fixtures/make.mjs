// Gerber fixtures (issue 11, "Gerber in, quote out"): boards GENERATED here, so every byte of a
// test's zip has a known origin. Two sets, written the way real CAD tools write them:
// - a 2-layer 100 × 80 mm board with Protel/Altium names (.GTL .GBL .GTS .GBS .GTO .GBO .GKO
//   .TXT), metric, an outline with rounded corners (arcs);
// - a 4-layer 100 × 100 mm board with KiCad names (F_Cu, In1_Cu, In2_Cu, B_Cu, …, Edge_Cuts,
//   .drl), in INCHES (so the analysis must convert), with inner planes.
// Deterministic: the same call gives the same bytes (fixed zip timestamps, no randomness).
//
// CLI: `node tooling/gerber-fixtures/make.mjs [outDir]` writes board-2layer-100x80.zip and
// board-4layer-100x100.zip (default outDir: .data/gerber-fixtures). Tests import the functions.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';

/** Gerber coordinates in format 4.6 (mm) or 2.6 (inch): integers of 1e-6 units. */
const coord = (value) => Math.round(value * 1e6).toString();

/** A tiny RS-274X writer; all positions given in mm and converted to the file's units. */
function gerber({ units, comment, body }) {
  const k = units === 'in' ? 1 / 25.4 : 1;
  const lines = [
    `G04 ${comment}*`,
    units === 'in' ? '%FSLAX26Y26*%' : '%FSLAX46Y46*%',
    units === 'in' ? '%MOIN*%' : '%MOMM*%',
    '%LPD*%',
  ];
  const ctx = {
    aperture(code, def) {
      lines.push(`%ADD${code}${def(k)}*%`);
    },
    use(code) {
      lines.push(`D${code}*`);
    },
    move(x, y) {
      lines.push(`X${coord(x * k)}Y${coord(y * k)}D02*`);
    },
    line(x, y) {
      lines.push(`G01X${coord(x * k)}Y${coord(y * k)}D01*`);
    },
    /** Counter-clockwise arc from the current point to (x, y) around centre offset (i, j). */
    arc(x, y, i, j) {
      lines.push(`G75*`, `G03X${coord(x * k)}Y${coord(y * k)}I${coord(i * k)}J${coord(j * k)}D01*`);
    },
    flash(x, y) {
      lines.push(`X${coord(x * k)}Y${coord(y * k)}D03*`);
    },
    region(points) {
      lines.push('G36*');
      ctx.move(...points[0]);
      for (const p of points.slice(1)) ctx.line(...p);
      ctx.line(...points[0]);
      lines.push('G37*');
    },
    raw(text) {
      lines.push(text);
    },
  };
  body(ctx, k);
  lines.push('M02*', '');
  return lines.join('\n');
}

const size = (k, mm) => (mm * k).toFixed(6);

/** The board's features, shared by copper, mask and silk so the layers line up. */
function features(width, height) {
  const margin = 6;
  const pads = [];
  for (let x = margin + 4; x < width - margin - 4; x += 5)
    for (const y of [margin + 6, height - margin - 6]) pads.push([x, y]);
  const vias = [];
  for (let x = margin + 5; x < width - margin - 3; x += 6)
    for (let y = margin + 12; y < height - margin - 12; y += 6) vias.push([x, y]);
  const mounting = [
    [4, 4],
    [width - 4, 4],
    [width - 4, height - 4],
    [4, height - 4],
  ];
  return { pads, vias, mounting };
}

function outline(units, width, height, radius) {
  return gerber({
    units,
    comment: `Board outline ${width} x ${height} mm (tooling/gerber-fixtures/make.mjs)`,
    body(g, k) {
      g.aperture(10, (k) => `C,${size(k, 0.1)}`);
      g.use(10);
      if (radius === 0) {
        g.move(0, 0);
        g.line(width, 0);
        g.line(width, height);
        g.line(0, height);
        g.line(0, 0);
        return;
      }
      const r = radius;
      g.move(r, 0);
      g.line(width - r, 0);
      g.arc(width, r, 0, r);
      g.line(width, height - r);
      g.arc(width - r, height, -r, 0);
      g.line(r, height);
      g.arc(0, height - r, 0, -r);
      g.line(0, r);
      g.arc(r, 0, r, 0);
      void k;
    },
  });
}

function copper(units, width, height, side, f) {
  return gerber({
    units,
    comment: `Copper ${side}`,
    body(g) {
      g.aperture(10, (k) => `R,${size(k, 1.6)}X${size(k, 1.0)}`);
      g.aperture(11, (k) => `C,${size(k, 0.6)}`);
      g.aperture(12, (k) => `C,${size(k, 0.25)}`);
      g.aperture(13, (k) => `C,${size(k, 6)}`);
      g.use(10);
      for (const [x, y] of f.pads) g.flash(x, y);
      g.use(11);
      for (const [x, y] of f.vias) g.flash(x, y);
      g.use(13);
      for (const [x, y] of f.mounting) g.flash(x, y);
      g.use(12);
      // One track from each pad into the field of vias, alternating direction per side.
      f.pads.forEach(([x, y], n) => {
        const target = f.vias[(n * 7 + (side === 'top' ? 0 : 3)) % f.vias.length];
        g.move(x, y);
        g.line(x, target[1]);
        g.line(target[0], target[1]);
      });
      void width;
      void height;
    },
  });
}

function plane(units, width, height, name, f) {
  return gerber({
    units,
    comment: `Inner plane ${name}`,
    body(g) {
      g.raw('%LPD*%');
      g.region([
        [1, 1],
        [width - 1, 1],
        [width - 1, height - 1],
        [1, height - 1],
      ]);
      // Clearances around every hole.
      g.raw('%LPC*%');
      g.aperture(10, (k) => `C,${size(k, 0.9)}`);
      g.use(10);
      for (const [x, y] of f.vias) g.flash(x, y);
      g.raw('%LPD*%');
    },
  });
}

function mask(units, side, f) {
  return gerber({
    units,
    comment: `Solder mask ${side}`,
    body(g) {
      g.aperture(10, (k) => `R,${size(k, 1.8)}X${size(k, 1.2)}`);
      g.aperture(11, (k) => `C,${size(k, 6.2)}`);
      g.use(10);
      for (const [x, y] of f.pads) g.flash(x, y);
      g.use(11);
      for (const [x, y] of f.mounting) g.flash(x, y);
    },
  });
}

function silk(units, side, f) {
  return gerber({
    units,
    comment: `Silkscreen ${side}`,
    body(g) {
      g.aperture(10, (k) => `C,${size(k, 0.15)}`);
      g.use(10);
      for (const [x, y] of f.pads) {
        g.move(x - 1.1, y - 0.8);
        g.line(x + 1.1, y - 0.8);
        g.line(x + 1.1, y + 0.8);
        g.line(x - 1.1, y + 0.8);
        g.line(x - 1.1, y - 0.8);
      }
    },
  });
}

/** Excellon: plated vias and non-plated mounting holes in one file, tool table in the header. */
function drill(units, f, viaDrillMm) {
  const k = units === 'in' ? 1 / 25.4 : 1;
  const n = (mm) => (mm * k).toFixed(units === 'in' ? 4 : 3);
  const lines = [
    'M48',
    '; DRILL file (tooling/gerber-fixtures/make.mjs)',
    'FMAT,2',
    units === 'in' ? 'INCH,TZ' : 'METRIC,TZ',
    `T1C${n(viaDrillMm)}`,
    `T2C${n(3.2)}`,
    '%',
    'G90',
    'G05',
    'T1',
    ...f.vias.map(([x, y]) => `X${n(x)}Y${n(y)}`),
    'T2',
    ...f.mounting.map(([x, y]) => `X${n(x)}Y${n(y)}`),
    'T0',
    'M30',
    '',
  ];
  return lines.join('\n');
}

/** The 2-layer 100 × 80 mm board, Protel names, metric. */
export function twoLayerBoard() {
  const [width, height, units] = [100, 80, 'mm'];
  const f = features(width, height);
  return {
    files: {
      'board.GTL': copper(units, width, height, 'top', f),
      'board.GBL': copper(units, width, height, 'bottom', f),
      'board.GTS': mask(units, 'top', f),
      'board.GBS': mask(units, 'bottom', f),
      'board.GTO': silk(units, 'top', f),
      'board.GBO': silk(units, 'bottom', f),
      'board.GKO': outline(units, width, height, 2),
      'board.TXT': drill(units, f, 0.3),
    },
    expected: {
      widthMm: width,
      heightMm: height,
      copperLayers: 2,
      drillHits: f.vias.length + f.mounting.length,
      smallestDrillMm: 0.3,
    },
  };
}

/** The 4-layer 100 × 100 mm board, KiCad names in a folder, inch units. */
export function fourLayerBoard() {
  const [width, height, units] = [100, 100, 'in'];
  const f = features(width, height);
  const dir = 'gerbers/';
  return {
    files: {
      [`${dir}board-F_Cu.gbr`]: copper(units, width, height, 'top', f),
      [`${dir}board-In1_Cu.gbr`]: plane(units, width, height, 'GND', f),
      [`${dir}board-In2_Cu.gbr`]: plane(units, width, height, 'PWR', f),
      [`${dir}board-B_Cu.gbr`]: copper(units, width, height, 'bottom', f),
      [`${dir}board-F_Mask.gbr`]: mask(units, 'top', f),
      [`${dir}board-B_Mask.gbr`]: mask(units, 'bottom', f),
      [`${dir}board-F_SilkS.gbr`]: silk(units, 'top', f),
      [`${dir}board-B_SilkS.gbr`]: silk(units, 'bottom', f),
      [`${dir}board-Edge_Cuts.gbr`]: outline(units, width, height, 0),
      [`${dir}board.drl`]: drill(units, f, 0.2),
    },
    expected: {
      widthMm: width,
      heightMm: height,
      copperLayers: 4,
      drillHits: f.vias.length + f.mounting.length,
      smallestDrillMm: 0.2,
    },
  };
}

/** Zip a set of text files; fixed timestamps keep the bytes reproducible. */
export function zipFiles(files) {
  const mtime = new Date('2026-01-01T00:00:00Z');
  const entries = {};
  for (const [name, text] of Object.entries(files)) {
    entries[name] = [new TextEncoder().encode(text), { mtime }];
  }
  return zipSync(entries, { level: 6 });
}

export function writeFixtures(outDir) {
  mkdirSync(outDir, { recursive: true });
  const written = {};
  for (const [name, board] of [
    ['board-2layer-100x80.zip', twoLayerBoard()],
    ['board-4layer-100x100.zip', fourLayerBoard()],
  ]) {
    const path = join(outDir, name);
    writeFileSync(path, zipFiles(board.files));
    written[name] = path;
  }
  return written;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const out = writeFixtures(process.argv[2] ?? join(root, '.data/gerber-fixtures'));
  for (const path of Object.values(out)) console.log(path);
}
