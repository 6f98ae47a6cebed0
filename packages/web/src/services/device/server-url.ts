/**
 * Where the app's API lives. The web build is served by the API server itself, so it talks to its
 * own origin (an empty base, paths stay `/api/...`). The native builds load the web app from the
 * device (`https://localhost` on android, `capacitor://localhost` on ios), so they need the
 * server's absolute URL, fixed when the app is built: `STOOP_SERVER_URL=https://stoop.example.org
 * npm run mobile:sync` (docs/mobile.md). vite.config.ts checks it with `normalizeServerUrl` and
 * defines it as `import.meta.env.STOOP_SERVER_URL`.
 */

/**
 * The build-time settings (import.meta.env): this module reads STOOP_SERVER_URL and VITE_API_URL,
 * the older name, still honoured. A plain record because ImportMetaEnv declares neither key.
 */
export type ServerUrlEnv = Readonly<Record<string, unknown>>;

/**
 * Checks a configured server URL and returns it as an origin-like base without a trailing slash,
 * or '' when unset. Throws on anything but an absolute http(s) URL, so a typo fails the build
 * instead of shipping an app that cannot reach its server.
 */
export function normalizeServerUrl(raw: string | undefined): string {
  const trimmed = raw?.trim() ?? '';
  if (trimmed === '') return '';
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new Error(`STOOP_SERVER_URL must be an absolute http(s) URL, got "${trimmed}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`STOOP_SERVER_URL must use http or https, got "${url.protocol}"`);
  }
  if (url.search || url.hash) {
    throw new Error('STOOP_SERVER_URL must not carry a query or a fragment');
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** The base every API, upload, log and socket URL starts with: '' (same origin) or the server's URL. */
export function apiBaseUrl(env: ServerUrlEnv = import.meta.env): string {
  for (const value of [env['STOOP_SERVER_URL'], env['VITE_API_URL']]) {
    if (typeof value === 'string' && value.trim() !== '') return value.trim().replace(/\/+$/, '');
  }
  return '';
}
