/**
 * R-DELIVERY-14: the chunks of a conversation's screen, named in the page the server sends for it
 * as `<link rel="modulepreload">`. Without them the browser learns of the dashboard layout and the
 * conversation page only once the entry chunk has run, and the app's loader then adds a link per
 * chunk from script (main-thread work while the page starts). Read from the web build's manifest
 * (dist/.vite/manifest.json); a build without one gets no links, and the app loads as before.
 * They are asked for at low priority: on a slow network they must not share the bandwidth with the
 * stylesheet and the entry chunk the first paint waits for.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CONVERSATION_SCREEN_MODULES } from '@stoop/shared/first-view';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** The files of `keys`' chunks and of every chunk they import, in load order. */
function chunkFiles(manifest: Manifest, keys: readonly string[]): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
    files.push(chunk.file);
  };
  for (const key of keys) visit(key);
  return files;
}

/** The links for the screen's chunks the entry does not load itself (index.html names those). */
function readScreenLinks(distDir: string): string {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return '';
  }
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const loadedByEntry = new Set(chunkFiles(manifest, entryKeys));
  return chunkFiles(manifest, CONVERSATION_SCREEN_MODULES)
    .filter((file) => !loadedByEntry.has(file) && file.endsWith('.js'))
    .map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`)
    .join('');
}

/** Read once per build: a new build deployed into the folder writes a new index.html. */
let cached: { distDir: string; indexHtml: string; links: string } | null = null;

/** The modulepreload links of a conversation's screen for the build whose index.html is `indexHtml`. */
export function conversationScreenPreloads(distDir: string, indexHtml: string): string {
  if (cached?.distDir !== distDir || cached.indexHtml !== indexHtml)
    cached = { distDir, indexHtml, links: readScreenLinks(distDir) };
  return cached.links;
}
