// Compiles packages/server (and the packages/shared sources it imports) into plain JavaScript in
// packages/server/dist, when the sources are newer than the last build (used by `npm start`, e2e
// and the benches). One esbuild bundle per entry point; npm packages stay external and load from
// node_modules as usual. docs/decisions/0022-compiled-server.md says why.
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const serverDir = join(root, 'packages/server');
export const serverDistDir = join(serverDir, 'dist');

/** Entry points under packages/server/src; the optional ones are built when they exist. */
const ENTRIES = [
  { source: 'src/main.ts', required: true },
  { source: 'src/cli.ts', required: false },
];

/** The compiled main entry (what `npm start` and the e2e suite run). */
export const serverMainJs = join(serverDistDir, 'main.js');

/**
 * The line a server prints once it listens on `port` (src/main.ts prints it). Whoever starts one
 * waits for it before counting answers on the port: a port found free can be taken by another
 * process first, whose answers are not this server's.
 */
export const serverListeningLine = (port) => `Stoop is running at http://localhost:${port}`;

/**
 * The node flags every start of the server uses (`node ${serverNodeFlags} dist/main.js`): V8's
 * young generation capped at 2 × 2 MB semi-spaces instead of 2 × 16 MB, which under the fan-out
 * load kept 24 MB of short-lived garbage resident (2 × 4 MB still peaked 1–6 MB higher than 2 × 2
 * under it, with no more CPU per delivery measurable: bench/RESULTS.md, "Memory at rest and under
 * load: a smaller young generation"); and one V8 background thread instead of four
 * (collection and compilation helpers), since every thread keeps a malloc arena of its own that
 * the system does not get back: 40–80 MB with four, 25–40 MB with one, on the two-core machine the
 * server is sized for (bench/RESULTS.md, "Memory under the fan-out load"). V8 and Node read these
 * only when they start, so they cannot be set from inside the server like its other memory
 * settings (packages/server/src/ops/memory.ts). Not `--enable-source-maps`: node would parse and
 * keep the source map of every package it loads (about 8 MB, a tenth of a second of start-up);
 * the server maps its own frames when a trace is first written (src/ops/stack-traces.ts).
 */
export const serverNodeFlags = ['--max-semi-space-size=2', '--v8-pool-size=1'];

/**
 * The environment every start of the server adds to its own (`{ ...serverEnv, ...process.env }`,
 * so an operator's value wins). glibc reads these only when the process starts.
 * - One malloc arena for all threads. Each thread that allocates otherwise gets an arena of its
 *   own, and what V8's helper thread allocated there (compilations of PGlite's WASM and of hot
 *   JavaScript) stayed resident after it was freed: 20–42 MB at rest, which the one arena reuses
 *   (bench/RESULTS.md, "Memory at rest below 150 MB").
 * - glibc's trim threshold fixed at its usual 128 kB, and its mmap threshold at 32 kB. Left to
 *   themselves both rise to the size of the largest mapped block freed so far (PGlite reads its
 *   9 MB WASM file into one), after which glibc keeps twice that free at the top of the heap and
 *   serves every smaller block from the heap. At 128 kB the heap still held 17–39 MB at rest, most
 *   of it free: holes left by V8's compilers, whose scratch memory comes in blocks of exactly
 *   32 kB, freed between blocks that live on. From 32 kB up every block is mapped on its own and
 *   unmapped when freed, so those holes never form: the heap holds about 10 MB at rest
 *   (bench/RESULTS.md, "Memory at rest: V8's compiler blocks mapped on their own").
 */
export const serverEnv = {
  MALLOC_ARENA_MAX: '1',
  MALLOC_TRIM_THRESHOLD_: '131072',
  MALLOC_MMAP_THRESHOLD_: '32768',
};

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.endsWith('.test.ts')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function entries() {
  return ENTRIES.filter((e) => e.required || existsSync(join(serverDir, e.source))).map((e) => ({
    in: join(serverDir, e.source),
    out: e.source.replace(/^src\//, '').replace(/\.ts$/, ''),
  }));
}

/** Every output is there and newer than every source (and than this script and the lock file). */
function isFresh(points) {
  const outputs = points.map((p) => join(serverDistDir, `${p.out}.js`));
  if (!outputs.every((o) => existsSync(o))) return false;
  const builtAt = Math.min(...outputs.map((o) => statSync(o).mtimeMs));
  const sources = [
    join(serverDir, 'src'),
    join(serverDir, 'package.json'),
    join(root, 'packages/shared/src'),
    join(root, 'scripts/build-server.mjs'),
  ];
  return builtAt >= Math.max(...sources.map(newestMtime));
}

// Bare imports are npm packages, loaded from node_modules at run time; the workspace packages
// (@stoop/*) export TypeScript sources, so those are compiled into the bundle.
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@stoop/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/** Builds unconditionally; returns 0 on success, 1 on failure (the errors are printed). */
export async function buildServer() {
  let result;
  try {
    result = await build({
      entryPoints: entries(),
      outdir: serverDistDir,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: true,
      // Stack traces need only the mappings (src/ops/stack-traces.ts reads them when a trace is
      // first written); the sources themselves were 1 MB of the map.
      sourcesContent: false,
      logLevel: 'warning',
      plugins: [externalPackages],
      write: false,
    });
  } catch {
    return 1; // esbuild has printed the errors
  }
  // Each file is written aside and renamed into place, so a server starting during a build (a
  // second test run, say) reads either the old bundle or the new one, never half of one. Maps
  // first: a bundle newer than its map would point at the wrong lines.
  mkdirSync(serverDistDir, { recursive: true });
  const files = [...result.outputFiles].sort(
    (a, b) => Number(b.path.endsWith('.map')) - Number(a.path.endsWith('.map')),
  );
  for (const file of files) {
    const aside = `${file.path}.${process.pid}.tmp`;
    writeFileSync(aside, file.contents);
    renameSync(aside, file.path);
  }
  return 0;
}

/** Builds when a source is newer than the build; returns 0 when nothing needed building. */
export async function buildServerIfStale() {
  if (isFresh(entries())) return 0;
  console.log('Building the server (once, or after a change)…');
  return buildServer();
}

// `node scripts/build-server.mjs [--force]`
if (import.meta.url === `file://${process.argv[1]}`) {
  const status = process.argv.includes('--force') ? await buildServer() : await buildServerIfStale();
  process.exit(status);
}
