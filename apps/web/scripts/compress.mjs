// Pre-compresses the build so the server can send .br / .gz files without compressing per request.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, extname } from 'node:path';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

// The web build's output folder, or another one given as the first argument (the bench's).
const dist = process.argv[2] ?? new URL('../dist/', import.meta.url).pathname;
const extensions = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt']);
// Below about 1 KB the compressed file saves less than the extra request headers cost.
const minBytes = 1024;

async function* walk(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else yield path;
  }
}

let count = 0;
let rawBytes = 0;
let brBytes = 0;
let gzBytes = 0;
for await (const file of walk(dist)) {
  if (!extensions.has(extname(file))) continue;
  if ((await stat(file)).size <= minBytes) continue;
  const data = await readFile(file);
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = gzipSync(data, { level: 9 });
  await writeFile(`${file}.br`, br);
  await writeFile(`${file}.gz`, gz);
  count += 1;
  rawBytes += data.length;
  brBytes += br.length;
  gzBytes += gz.length;
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(
  `compress: ${count} files, ${kb(rawBytes)} → brotli ${kb(brBytes)}, gzip ${kb(gzBytes)}`,
);
