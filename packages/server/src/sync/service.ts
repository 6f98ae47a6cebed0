import type { UserRow } from '../db/schema/index.ts';
import type { Context } from '../context.ts';
import { readableConversationIds } from '../access/index.ts';
import { messagesChangedAfter } from '../messages/service.ts';
import { presentRows } from '../messages/present.ts';
import type { SyncResult } from '@stoop/shared';

/**
 * GET /api/sync?after=seq (R-DELIVERY-3): the current state of every message
 * changed after `seq` in a conversation the caller may read, oldest change first. A message changed
 * several times appears once, with its latest seq, so a client never applies a change twice.
 * `next` is the seq to ask for next time; hasMore says to ask again right away.
 */
export async function syncChanges(
  ctx: Context,
  user: UserRow,
  query: { after: number; limit: number },
): Promise<SyncResult> {
  const ids = await readableConversationIds(ctx.db, user);
  const rows = await messagesChangedAfter(ctx.db, ids, query.after, query.limit + 1);
  const hasMore = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  // A hidden message reaches a resident as its placeholder only.
  const changes = await presentRows(ctx.db, page, user);
  const last = page.at(-1);
  return { changes, next: last ? last.seq : query.after, hasMore };
}
