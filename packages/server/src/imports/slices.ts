import { setImmediate as yieldToOthers } from 'node:timers/promises';

/**
 * A long loop over an export's lines gives the event loop back every `size` steps, so
 * requests that arrived meanwhile (a resident's send) are served between two slices instead of
 * after the whole file. Awaiting the returned function costs nothing between two turns.
 */
export function inSlices(size: number): () => Promise<void> | undefined {
  let steps = 0;
  return () => (++steps % size === 0 ? yieldToOthers().then(() => undefined) : undefined);
}
