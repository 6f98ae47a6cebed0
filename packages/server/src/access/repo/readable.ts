import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { conversationParticipants, conversations } from '../../db/schema/index.ts';
import type { Viewer } from '../rules.ts';
import { canReadSql, viewerParams } from './sql.ts';

/** Ids of every conversation the viewer may read (canRead over all of them, in one statement). */
export async function readableConversationIds(db: DbOrTx, viewer: Viewer): Promise<string[]> {
  const params = viewerParams(viewer);
  // The viewer's conversations as one set (conversation_participants_user_idx), not a probe per row.
  const participant = sql`c.id in (select cp.conversation_id from ${conversationParticipants} cp
    where cp.user_id = ${params.id})`;
  const result = await db.execute(
    sql`select c.id from ${conversations} c where ${canReadSql('c', params, participant)}`,
  );
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}
