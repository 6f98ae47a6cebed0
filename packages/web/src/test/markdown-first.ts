import { beforeAll } from 'vitest';
import { loadMarkdown } from '../components/chat/use-markdown.ts';

/**
 * Loads the markdown renderer before the file's tests. It is its own chunk, loaded and warmed up a
 * few steps per task on first use: loaded first, a test's wait for rendered markdown does not also
 * time that first load on a busy machine, and a text is not re-rendered (the element a test holds
 * replaced) while the test clicks around it.
 */
export function loadMarkdownFirst(): void {
  beforeAll(async () => {
    await loadMarkdown();
  });
}
