/**
 * Stored messages as the API shows them, for every reader of this domain and for the conversation
 * details page. It depends on nothing but this domain's repo and presenter, so the conversations
 * service can use it while the messages service depends on the conversations service, with no
 * cycle between the two.
 */
import type { Message } from '@stoop/shared';
import type { Viewer } from '../access/rules.ts';
import type { DbOrTx } from '../db/client.ts';
import type { MessageRow } from '../db/schema/index.ts';
import { presentMessage, redactFor } from './present.ts';
import * as repo from './repo.ts';

/** The messages whole, as events carry them (realtime/server.ts redacts them per socket). */
export async function presentWhole(db: DbOrTx, rows: MessageRow[]): Promise<Message[]> {
  return (await repo.withDetails(db, rows)).map(presentMessage);
}

/** The messages as `viewer` may see them (R-ADMIN-9: hidden ones redacted). */
export async function presentRows(
  db: DbOrTx,
  rows: MessageRow[],
  viewer: Pick<Viewer, 'id' | 'role'>,
): Promise<Message[]> {
  return (await presentWhole(db, rows)).map((message) => redactFor(viewer, message));
}

/**
 * The newest messages with a file in a conversation, presented (the details page's recent files);
 * files of messages hidden from the viewer are left out (R-ADMIN-9).
 */
export async function recentFiles(
  db: DbOrTx,
  conversationId: string,
  limit: number,
  viewer: Viewer,
): Promise<Message[]> {
  const shown = await presentRows(db, await repo.recentFileMessages(db, conversationId, limit), viewer);
  return shown.filter((message) => message.fileUrl !== null);
}
