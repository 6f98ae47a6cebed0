/**
 * First-load JavaScript of a page, measured from the built bundle (R-DELIVERY-8): the entry chunk
 * and its static imports (what index.html loads and modulepreloads) plus the lazily loaded route
 * modules the page renders before its first paint and their static imports. Sizes come from the
 * gzip twins scripts/compress-web.mjs writes (files under its 1 KB floor are gzipped here the same
 * way), and the chunk graph from Vite's manifest (packages/web/dist/.vite/manifest.json).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import { CONVERSATION_SCREEN_MODULES } from '@stoop/shared/first-view';

const dist = new URL('../../packages/web/dist', import.meta.url).pathname;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

/** The route modules each measured page renders before its first paint (see src/routes/routes.tsx). */
export const PAGE_ROUTE_MODULES = {
  login: ['src/pages/public/LoginPage.tsx'],
  'web-home': ['src/pages/public/WebHomePage.tsx'],
  channel: CONVERSATION_SCREEN_MODULES,
} as const;

export interface FirstLoad {
  chunks: { file: string; gzipBytes: number; rawBytes: number }[];
  gzipBytes: number;
  rawBytes: number;
}

function gzipSize(file: string): number {
  const twin = join(dist, `${file}.gz`);
  if (existsSync(twin)) return readFileSync(twin).length;
  return gzipSync(readFileSync(join(dist, file)), { level: constants.Z_BEST_COMPRESSION }).length;
}

export function firstLoadJs(page: keyof typeof PAGE_ROUTE_MODULES): FirstLoad {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const entry = Object.keys(manifest).find((key) => manifest[key]!.isEntry && key.endsWith('index.html'));
  if (!entry) throw new Error('no index.html entry in the Vite manifest');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the Vite manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of [entry, ...PAGE_ROUTE_MODULES[page]]) visit(key);
  const chunks = [...seen].map((key) => {
    const file = manifest[key]!.file;
    return { file, gzipBytes: gzipSize(file), rawBytes: readFileSync(join(dist, file)).length };
  });
  return {
    chunks,
    gzipBytes: chunks.reduce((sum, c) => sum + c.gzipBytes, 0),
    rawBytes: chunks.reduce((sum, c) => sum + c.rawBytes, 0),
  };
}

export const formatKb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
