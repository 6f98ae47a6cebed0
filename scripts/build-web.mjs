// Builds packages/web when its sources are newer than the last build (used by `npm start` and e2e).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const webDir = join(root, 'packages/web');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (
      entry === 'node_modules' ||
      entry === 'dist' ||
      entry.endsWith('.test.ts') ||
      entry.endsWith('.test.tsx')
    )
      continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** The STOOP_SERVER_URL a build was made for ('' for the web app, null when unknown). */
function builtServerUrl(outDir = join(webDir, 'dist')) {
  try {
    return JSON.parse(readFileSync(join(outDir, 'build-env.json'), 'utf8')).serverUrl;
  } catch {
    return null;
  }
}

/** The newest change to what the web build is made from. */
function newestSource() {
  const sources = ['src', 'public', 'index.html', 'vite.config.ts'].map((p) => join(webDir, p));
  sources.push(join(root, 'packages/shared/src'));
  return Math.max(...sources.map(newestMtime));
}

/** Returns the exit status of the build (0 when nothing needed building). */
export function buildWebIfStale() {
  const builtIndex = join(webDir, 'dist/index.html');
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  // A native build (`npm run mobile:sync` with STOOP_SERVER_URL) talks to another server: rebuild.
  const webBuild = builtServerUrl() === '';
  if (webBuild && builtAt >= newestSource()) return 0;
  console.log('Building the web app (once, or after a change)…');
  // Always a production build: a caller such as the test runner may have NODE_ENV=test set,
  // which would bundle React's development build and leave the service worker unregistered.
  const build = spawnSync('npm', ['run', 'build', '-w', '@stoop/web'], {
    stdio: 'inherit',
    cwd: root,
    // The served web app talks to its own origin, whatever STOOP_SERVER_URL the shell holds.
    env: { ...process.env, NODE_ENV: 'production', STOOP_SERVER_URL: '' },
  });
  return build.status ?? 1;
}

/**
 * Builds the web app as the native apps' build is made (`vite build` with STOOP_SERVER_URL, the
 * step `npm run mobile:sync` runs before `cap sync`) into `outDir`, unless `outDir` already holds a
 * build for that URL newer than the sources. Never touches dist/. Resolves the exit status.
 */
export function buildNativeWebIfStale(outDir, serverUrl) {
  const builtIndex = join(outDir, 'index.html');
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  if (builtServerUrl(outDir) === serverUrl && builtAt >= newestSource()) return Promise.resolve(0);
  console.log(`Building the web app as the native apps' build, for ${serverUrl}…`);
  return new Promise((resolve) => {
    const build = spawn('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'], {
      stdio: 'inherit',
      cwd: webDir,
      env: { ...process.env, NODE_ENV: 'production', STOOP_SERVER_URL: serverUrl },
    });
    build.on('error', () => resolve(1));
    build.on('close', (status) => resolve(status ?? 1));
  });
}
