/**
 * Markdown through the one safe renderer (services/chat/markdown.ts), loaded as its own chunk: marked
 * and DOMPurify stay off the first load (R-DELIVERY-7). Until the chunk is there (a moment after the
 * first paint; the conversation page starts loading it when it opens) the text shows escaped, as
 * plain paragraphs.
 */
import { useEffect, useMemo, useState } from 'react';
import { plainTextHtml } from '@stoop/shared/first-view';

type Render = (source: string, mentionNames?: readonly string[]) => string;

let renderer: Render | null = null;
let loading: Promise<Render> | null = null;

/** Loads the renderer once; a failed load (offline) may be retried by the next caller. */
export function loadMarkdown(): Promise<Render> {
  loading ??= import('../../services/chat/markdown.ts').then(
    (module) => (renderer = module.renderMarkdown),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Sanitised HTML of `source`; `mentionNames` are highlighted once the renderer is loaded. */
export function useMarkdown(source: string, mentionNames: readonly string[] = []): string {
  const [render, setRender] = useState<Render | null>(() => renderer);
  useEffect(() => {
    if (render) return;
    let live = true;
    loadMarkdown().then(
      (loaded) => live && setRender(() => loaded),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [render]);
  const key = mentionNames.join('\n');
  return useMemo(
    () => (render ? render(source, key ? key.split('\n') : []) : plainTextHtml(source)),
    [render, source, key],
  );
}
