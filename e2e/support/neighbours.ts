import { createResident, type Resident } from './community.ts';
import { startStoopAndBrowser, type StoopAndBrowser } from './stoop-and-browser.ts';

/** A server, Chromium, and two neighbours, Nadia and Omar, with the channel "lobby" Nadia made. */
export interface Neighbours extends StoopAndBrowser {
  nadia: Resident;
  omar: Resident;
  /** The lobby's id, and its address in the web app. */
  conversationId: string;
  channelUrl: string;
}

/** What the building features' flows (polls, events) start from; slow on a loaded machine. */
export async function startNeighbours(): Promise<Neighbours> {
  const { stoop, browser } = await startStoopAndBrowser();
  const nadia = await createResident(stoop.url, 'Nadia Okafor');
  const omar = await createResident(stoop.url, 'Omar Haddad');
  const { conversation } = await nadia.api.request<{ conversation: { id: string } }>(
    'POST',
    '/api/conversations',
    { type: 'channel', name: 'lobby' },
  );
  const channelUrl = `${stoop.url}/main_dashboard/conversations/channel/${conversation.id}`;
  return { stoop, browser, nadia, omar, conversationId: conversation.id, channelUrl };
}
