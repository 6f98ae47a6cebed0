/**
 * What most end-to-end files start before their tests and stop after them: one Stoop server
 * (./server.ts) and one Chromium (./browser.ts).
 */
import type { Browser } from 'playwright-core';
import { launchChromium } from './browser.ts';
import { startStoop, type RunningStoop } from './server.ts';

export interface StoopAndBrowser {
  stoop: RunningStoop;
  browser: Browser;
}

export async function startStoopAndBrowser(): Promise<StoopAndBrowser> {
  const stoop = await startStoop();
  try {
    return { stoop, browser: await launchChromium() };
  } catch (error) {
    await stoop.stop();
    throw error;
  }
}

/** Stops what started; either may be missing when the start failed. */
export async function stopStoopAndBrowser({ stoop, browser }: Partial<StoopAndBrowser>): Promise<void> {
  await browser?.close();
  await stoop?.stop();
}
