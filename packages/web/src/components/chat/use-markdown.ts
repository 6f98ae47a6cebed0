/**
 * Markdown through the one safe renderer (services/chat/markdown.ts), loaded as its own chunk: marked
 * and DOMPurify stay off the first load (R-DELIVERY-7). Until the chunk is there (a moment after the
 * first paint; the conversation page starts loading it when it opens) the text shows escaped, as
 * plain paragraphs. The app's first screen shows plain paragraphs too, even when the renderer is
 * already there, as the server's first view drew them (R-DELIVERY-11): markdown follows in a
 * transition, which React renders in slices, so a screenful of messages costs no long task while
 * the page starts (R-DELIVERY-8). Text mounted after that renders as markdown at once.
 */
import { startTransition, useEffect, useMemo, useState } from 'react';
import { plainTextHtml } from '@stoop/shared/first-view';

type Render = (source: string, mentionNames?: readonly string[]) => string;

let renderer: Render | null = null;
let loading: Promise<Render> | null = null;
/** True once the first screen's text has been switched to markdown. */
let firstScreenDone = false;

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
  const [render, setRender] = useState<Render | null>(() => (firstScreenDone ? renderer : null));
  useEffect(() => {
    if (render) return;
    let live = true;
    loadMarkdown().then(
      // A transition: the list's switch from plain text to markdown renders in slices between
      // which the page stays responsive, not as one long task per screenful (R-DELIVERY-8).
      (loaded) => {
        firstScreenDone = true;
        if (live) startTransition(() => setRender(() => loaded));
      },
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
