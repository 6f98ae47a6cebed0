// Writes brotli (.br) and gzip (.gz) twins of the built web app's text assets, so the server sends
// them precompressed (R-OPS-10) instead of compressing on every request or not at all.
// Usage: node scripts/compress-web.mjs [distDir]   (default packages/web/dist)
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set([
  '.js',
  '.mjs',
  '.css',
  '.html',
  '.svg',
  '.json',
  '.webmanifest',
  '.txt',
  '.map',
]);
/** Below this, headers outweigh the saving. */
const MIN_BYTES = 1024;

function* filesUnder(dir) {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* filesUnder(path);
    else yield path;
  }
}

const dist = process.argv[2] ?? new URL('../packages/web/dist', import.meta.url).pathname;
let count = 0;
for (const file of filesUnder(dist)) {
  if (!COMPRESSIBLE.has(extname(file))) continue;
  const bytes = readFileSync(file);
  if (bytes.length < MIN_BYTES) continue;
  const brotli = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  const gzip = gzipSync(bytes, { level: 9 });
  // A twin that saves nothing is left out; the server then sends the plain file.
  if (brotli.length < bytes.length) writeFileSync(`${file}.br`, brotli);
  if (gzip.length < bytes.length) writeFileSync(`${file}.gz`, gzip);
  count += 1;
}
console.log(`compress-web: wrote brotli and gzip twins of ${count} files in ${dist}`);
