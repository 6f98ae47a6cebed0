/**
 * R-DELIVERY-7: what each page loads before its first paint, read from the build the global setup
 * made (the Vite manifest's chunk graph and each chunk's source map). No browser needed.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHANNEL_FIRST_LOAD_JS_MAX_BYTES } from '@stoop/shared/constants';
import { firstLoadJs, PAGE_ROUTE_MODULES } from '../bench/support/web-bundle.ts';

const dist = new URL('../packages/web/dist', import.meta.url).pathname;

/** The source files bundled into the page's first-load chunks. */
function firstLoadSources(page: keyof typeof PAGE_ROUTE_MODULES): string[] {
  return firstLoadJs(page).chunks.flatMap(({ file }) => {
    const map = join(dist, `${file}.map`);
    // The bundler's own small runtime chunk has no source map.
    if (!existsSync(map)) return [file];
    return (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources;
  });
}

const offEveryFirstLoad = [
  'node_modules/socket.io-client/',
  'node_modules/engine.io-client/',
  'node_modules/zod/',
  'node_modules/marked/',
  'node_modules/dompurify/',
  'node_modules/web-vitals/',
  'node_modules/workbox-window/',
];
const signedInOnly = [
  'src/pages/main/',
  'src/components/shell/',
  'src/stores/conversations.ts',
  'src/stores/messages.ts',
  'src/stores/outbox.ts',
  'src/realtime/',
];

const found = (sources: string[], fragments: string[]) =>
  fragments.filter((fragment) => sources.some((source) => source.includes(fragment)));

describe('R-DELIVERY-7: first-load chunks', () => {
  it.each(['login', 'web-home'] as const)(
    '%s loads neither signed-in code nor the deferred libraries',
    (page) => {
      const sources = firstLoadSources(page);
      expect(sources.some((s) => s.includes(PAGE_ROUTE_MODULES[page][0].replace('src/', '')))).toBe(true);
      expect(found(sources, [...offEveryFirstLoad, ...signedInOnly])).toEqual([]);
    },
  );

  it('the channel page paints without the socket client, zod, markdown or telemetry', () => {
    const sources = firstLoadSources('channel');
    expect(sources.some((s) => s.includes('src/pages/chat/ConversationPage.tsx'))).toBe(true);
    expect(found(sources, offEveryFirstLoad)).toEqual([]);
  });

  it('R-DELIVERY-8: the channel page’s first-load JavaScript stays under its budget', () => {
    expect(firstLoadJs('channel').gzipBytes).toBeLessThan(CHANNEL_FIRST_LOAD_JS_MAX_BYTES);
  });

  it('the channel page loads the image viewer and the composer’s file tray on first use only', () => {
    // R-VIEW-1, R-UPLOAD-10: opened by a click or a first file, not needed to paint the list.
    const sources = firstLoadSources('channel');
    expect(
      found(sources, ['src/components/chat/ImageViewer.tsx', 'src/components/chat/ComposerAttachments.tsx']),
    ).toEqual([]);
  });

  it('the channel page loads the report form on first press, and no Capacitor code on the web', () => {
    // R-REPORT-1: the flag button's form opens on a press. The platform check reads the native
    // bridge itself, so @capacitor/core loads only with the plugins inside the native shell.
    const sources = firstLoadSources('channel');
    expect(found(sources, ['src/components/chat/ReportForm.tsx', 'node_modules/@capacitor/'])).toEqual([]);
  });
});
