import type { Browser } from 'playwright-core';
import { launchChromium } from './browser.ts';
import { createResident, type Resident } from './community.ts';
import { startStoop, type RunningStoop } from './server.ts';

/** A server, Chromium, and two neighbours, Nadia and Omar, with the channel "lobby" Nadia made. */
export interface Neighbours {
  stoop: RunningStoop;
  browser: Browser;
  nadia: Resident;
  omar: Resident;
  /** The lobby's address in the web app. */
  channelUrl: string;
}

/** What the building features' flows (polls, events) start from; slow on a loaded machine. */
export async function startNeighbours(): Promise<Neighbours> {
  const stoop = await startStoop();
  const browser = await launchChromium();
  const nadia = await createResident(stoop.url, 'Nadia Okafor');
  const omar = await createResident(stoop.url, 'Omar Haddad');
  const { conversation } = await nadia.api.request<{ conversation: { id: string } }>(
    'POST',
    '/api/conversations',
    { type: 'channel', name: 'lobby' },
  );
  const channelUrl = `${stoop.url}/main_dashboard/conversations/channel/${conversation.id}`;
  return { stoop, browser, nadia, omar, channelUrl };
}

/** Closes what startNeighbours opened, whatever of it got started. */
export async function stopNeighbours(neighbours: Partial<Neighbours>): Promise<void> {
  await neighbours.browser?.close();
  await neighbours.stoop?.stop();
}
