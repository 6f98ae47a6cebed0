/**
 * Markdown through the one safe renderer (services/chat/markdown.ts), loaded as its own chunk: marked
 * and DOMPurify stay off the first load. Until the chunk is there (a moment after the
 * first paint; the conversation page starts loading it when it opens) the text shows escaped, as
 * plain paragraphs. The app's first screen shows plain paragraphs too, even when the renderer is
 * already there, as the server's first view drew them: each text then switches to
 * markdown in its turn, a few texts per task, the newest (lowest on the screen) first, so a
 * screenful of messages costs no long task while the page starts. Not one React
 * transition for all of them: a store that changes while a transition renders (and the stores do,
 * while the page starts) makes React render it again in one synchronous pass. Text mounted after
 * the renderer has arrived renders as markdown at once. Before the first text, the parser's
 * regular expressions are compiled a few per task (`warmUpSteps` in services/chat/markdown.ts).
 * A text that names its element waits for its turn until the element is on screen or near it in
 * its scroll container: a page load switches the screenful the reader sees, and the older rows
 * above it switch as the reader scrolls towards them (the list keeps its place as they grow).
 */
import { useEffect, useMemo, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { plainTextHtml } from '@stoop/shared/first-view';

type Render = (source: string, mentionNames?: readonly string[]) => string;

let renderer: Render | null = null;
let loading: Promise<Render> | null = null;
/** True once the first screen's texts have started switching to markdown. */
let firstScreenDone = false;

/** Work of one task before it hands the main thread back (well under a 50 ms long task, even 4× slower). */
const SLICE_MS = 4;
/** Texts waiting for their turn; the last mounted (the newest message) goes first. */
const turns: (() => void)[] = [];
let drainScheduled = false;

/** Runs steps from `take` for one slice: at least one, then as many as fit in SLICE_MS. */
function runSlice(take: () => (() => void) | undefined, left: () => number): void {
  const start = performance.now();
  do take()?.();
  while (left() > 0 && performance.now() - start < SLICE_MS);
}

function drainTurns(): void {
  drainScheduled = false;
  firstScreenDone = true;
  runSlice(
    () => turns.pop(),
    () => turns.length,
  );
  if (turns.length > 0) scheduleDrain();
}

function scheduleDrain(): void {
  if (drainScheduled) return;
  drainScheduled = true;
  setTimeout(drainTurns, 0);
}

/** Runs `steps` in order, as many per task as fit in SLICE_MS (at least one); resolves after the last. */
function inSlices(steps: (() => void)[]): Promise<void> {
  return new Promise((resolve) => {
    const slice = () => {
      runSlice(
        () => steps.shift(),
        () => steps.length,
      );
      if (steps.length > 0) setTimeout(slice, 0);
      else resolve();
    };
    setTimeout(slice, 0);
  });
}

/**
 * How far outside its scroll container's visible part a waiting text still counts as near: a
 * quarter of the container's height above and below, so a reader scrolling up finds it switched.
 */
const NEAR_MARGIN = '25% 0px';
/** One observer per scroll container (or the page), and the texts waiting in it. */
const observers = new WeakMap<Element | Document, IntersectionObserver>();
const waiting = new WeakMap<Element, () => void>();

/**
 * The message list's scroll container around the element (MessageList.tsx), or null for the page:
 * found by its attribute, not by computed styles, which would force a style pass per text.
 */
const scrollContainer = (element: Element): Element | null => element.closest('[data-message-list]');

/**
 * Calls `ready` once `element` is on screen or near it (at once where the browser has no
 * IntersectionObserver, or for no element); the returned function stops waiting.
 */
function whenNear(element: Element | null, ready: () => void): () => void {
  if (!element || typeof IntersectionObserver === 'undefined') {
    ready();
    return () => undefined;
  }
  const root = scrollContainer(element);
  const key = root ?? document;
  let observer = observers.get(key);
  if (!observer) {
    const created = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          created.unobserve(entry.target);
          const call = waiting.get(entry.target);
          waiting.delete(entry.target);
          call?.();
        }
      },
      { root, rootMargin: NEAR_MARGIN },
    );
    observer = created;
    observers.set(key, observer);
  }
  waiting.set(element, ready);
  observer.observe(element);
  const watching = observer;
  return () => {
    waiting.delete(element);
    watching.unobserve(element);
  };
}

/** Loads the renderer once; a failed load (offline) may be retried by the next caller. */
export function loadMarkdown(): Promise<Render> {
  // The sanitiser first, then, a task later, the parser: each one's start-up is a task of its own.
  loading ??= import('../../services/chat/sanitize.ts')
    .then(() => new Promise((resolve) => setTimeout(resolve, 0)))
    .then(() => import('../../services/chat/markdown.ts'))
    // The parser's regular expressions compile a few per task before the first text needs them.
    .then((module) => inSlices(module.warmUpSteps()).then(() => module))
    .then(
      (module) => (renderer = module.renderMarkdown),
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
  return loading;
}

/**
 * Sanitised HTML of `source`; `mentionNames` are highlighted once the renderer is loaded. `target`,
 * the element the HTML goes into, lets a text of the first screen wait until it is near the view.
 */
export function useMarkdown(
  source: string,
  mentionNames: readonly string[] = [],
  target?: RefObject<HTMLElement | null>,
): string {
  const [render, setRender] = useState<Render | null>(() => (firstScreenDone ? renderer : null));
  const key = mentionNames.join('\n');
  useEffect(() => {
    if (render) return;
    let live = true;
    let stopWaiting = () => undefined as void;
    loadMarkdown().then(
      (loaded) => {
        if (!live) return;
        stopWaiting = whenNear(target?.current ?? null, () => {
          // Rendered in the turn itself (flushSync), so the turn's time counts the markdown work:
          // set outside a React event, the switches of one turn's texts would render together later.
          turns.push(() => {
            if (live) flushSync(() => setRender(() => loaded));
          });
          scheduleDrain();
        });
      },
      () => undefined,
    );
    return () => {
      live = false;
      stopWaiting();
    };
  }, [render, source, key, target]);
  return useMemo(
    () => (render ? render(source, key ? key.split('\n') : []) : plainTextHtml(source)),
    [render, source, key],
  );
}
