/** The two screens the UI flows are checked at: a small phone and a desktop. */
import type { Browser, Page } from 'playwright-core';

export type Viewport = { name: string; width: number; height: number };

export const VIEWPORTS = [
  { name: '360', width: 360, height: 740 },
  { name: '1280', width: 1280, height: 800 },
] as const satisfies readonly Viewport[];

/** A new page in a browser context of its own, sized to `viewport`. */
export async function pageAt(browser: Browser, viewport: Viewport): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: viewport.width, height: viewport.height } });
  return context.newPage();
}
