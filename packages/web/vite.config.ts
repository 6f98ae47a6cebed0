import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pwaOptions } from './src/services/pwa/pwa-config.ts';
import { normalizeServerUrl } from './src/services/device/server-url.ts';
import { API_ROUTES } from '../shared/src/api/routes.ts';
import { chunkOfModule } from './build/chunks.ts';

// The API server (packages/server) listens on 3000; in development Vite proxies to it so the
// browser sees one origin and the session cookie stays first-party.
const apiTarget = process.env.STOOP_API_URL ?? 'http://localhost:3000';

// The server the native apps talk to, fixed at build time (docs/mobile.md); empty for the web app,
// which talks to its own origin. A malformed value fails the build.
const serverUrl = normalizeServerUrl(process.env.STOOP_SERVER_URL);

/**
 * @stoop/shared's modules only declare constants and zod schemas. Declaring them free of side
 * effects lets the bundler drop the schemas (and zod) from chunks that import only constants or
 * types from the package index, which keeps zod out of the first load.
 */
function sharedWithoutSideEffects(): Plugin {
  return {
    name: 'stoop:shared-without-side-effects',
    transform: {
      filter: { id: /packages[\\/]shared[\\/]src[\\/]/ },
      handler: () => ({ moduleSideEffects: false }),
    },
  };
}

/**
 * The web client calls the route table by name and reads only a call's method and path
 * (services/http/client.ts). In the build the table's module becomes exactly that, generated from
 * the same table: its access rules, encodings and OpenAPI summaries (about 5 KB of gzip) stay out
 * of the first-load bundle (R-DELIVERY-8). Type checks and tests still read the whole module.
 */
function clientRouteTable(): Plugin {
  const routes = Object.fromEntries(
    Object.entries(API_ROUTES).map(([name, route]) => [name, { method: route.method, path: route.path }]),
  );
  const fillPath = new URL('../shared/src/api/fill-path.ts', import.meta.url).pathname;
  return {
    name: 'stoop:client-route-table',
    apply: 'build',
    load: {
      filter: { id: /packages[\\/]shared[\\/]src[\\/]api[\\/]routes\.ts$/ },
      handler: () =>
        [
          `export { fillPath } from ${JSON.stringify(fillPath)};`,
          `export const API_ROUTES = ${JSON.stringify(routes)};`,
          'export const CALL_NAMES = Object.keys(API_ROUTES);',
        ].join('\n'),
    },
  };
}

/**
 * Records the server URL the bundle was built for in dist/build-env.json, so scripts/build-web.mjs
 * rebuilds a native build (with STOOP_SERVER_URL) before the web app or the e2e suite serve it.
 */
function buildEnvRecord(): Plugin {
  return {
    name: 'stoop:build-env-record',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'build-env.json', source: JSON.stringify({ serverUrl }) });
    },
  };
}

export default defineConfig({
  define: { 'import.meta.env.STOOP_SERVER_URL': JSON.stringify(serverUrl) },
  plugins: [
    react(),
    tailwindcss(),
    sharedWithoutSideEffects(),
    clientRouteTable(),
    buildEnvRecord(),
    // Service worker (src/sw.ts → /sw.js) and web manifest; see src/services/pwa/pwa-config.ts.
    VitePWA(pwaOptions),
  ],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  preview: {
    port: 4173,
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/socket.io': { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: the chunk graph `npm run bench:web` measures first-load JS from.
    manifest: true,
    // Targets the browsers Capacitor 7 supports (Android WebView 60+ is transpiled by the
    // default; modern syntax keeps the entry chunk small).
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // See build/chunks.ts.
          groups: [
            {
              name: chunkOfModule(),
              // A module's own place, not its dependencies': each is placed by its own name.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
