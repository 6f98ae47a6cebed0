import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { MessageBot } from '@stoop/shared';
import type { DbOrTx } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import {
  conversationParticipants,
  conversations,
  messages,
  users,
  whatsappImports,
  type UserRow,
  type WhatsappImportRow,
} from '../db/schema/index.ts';

export async function insertImport(
  db: DbOrTx,
  values: Pick<WhatsappImportRow, 'conversationId' | 'adminId' | 'fileName' | 'total'>,
): Promise<WhatsappImportRow> {
  const [row] = await db.insert(whatsappImports).values(values).returning();
  if (!row) throw new Error('insert into whatsapp_imports returned no row');
  return row;
}

export async function updateImport(
  db: DbOrTx,
  id: string,
  patch: Partial<Pick<WhatsappImportRow, 'status' | 'error' | 'finishedAt'>> & {
    addProcessed?: number;
    addImported?: number;
    addSkipped?: number;
  },
): Promise<void> {
  const { addProcessed = 0, addImported = 0, addSkipped = 0, ...rest } = patch;
  await db
    .update(whatsappImports)
    .set({
      ...rest,
      processed: sql`${whatsappImports.processed} + ${addProcessed}`,
      imported: sql`${whatsappImports.imported} + ${addImported}`,
      skipped: sql`${whatsappImports.skipped} + ${addSkipped}`,
    })
    .where(eq(whatsappImports.id, id));
}

export async function findImport(db: DbOrTx, id: string): Promise<WhatsappImportRow | undefined> {
  const [row] = await db.select().from(whatsappImports).where(eq(whatsappImports.id, id)).limit(1);
  return row;
}

export type ImportListRow = WhatsappImportRow & { conversationName: string; admin: UserRow | null };

export async function listImports(db: DbOrTx, limit: number): Promise<ImportListRow[]> {
  const rows = await db
    .select({ row: whatsappImports, conversationName: conversations.name, admin: users })
    .from(whatsappImports)
    .innerJoin(conversations, eq(conversations.id, whatsappImports.conversationId))
    .leftJoin(users, eq(users.id, whatsappImports.adminId))
    .orderBy(desc(whatsappImports.createdAt), desc(whatsappImports.id))
    .limit(limit);
  return rows.map(({ row, conversationName, admin }) => ({ ...row, conversationName, admin }));
}

/** The keys of this batch that the conversation already holds (an earlier import of the same export). */
export async function existingImportKeys(
  db: DbOrTx,
  conversationId: string,
  keys: string[],
): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: messages.importKey })
    .from(messages)
    .where(and(eq(messages.conversationId, conversationId), inArray(messages.importKey, keys)));
  return new Set(rows.flatMap((row) => (row.key ? [row.key] : [])));
}

export type ImportedMessage = {
  id: string;
  userId: string;
  content: string;
  createdAt: Date;
  fileId: string | null;
  bot: MessageBot | null;
  importKey: string;
};

/**
 * Inserts a batch in one statement, in the caller's transaction (which holds the change lock, so
 * seq order stays commit order). created_seq is 0: history brought in is nobody's unread news
 * (unread counts compare created_seq with read positions). A key the conversation already holds is
 * skipped. Answers the inserted rows' ids and files.
 */
export async function insertImportedMessages(
  db: DbOrTx,
  importId: string,
  conversationId: string,
  rows: ImportedMessage[],
): Promise<{ id: string; fileId: string | null }[]> {
  if (rows.length === 0) return [];
  const column = <T>(pick: (row: ImportedMessage) => T) => sql.param(rows.map(pick));
  const result = await db.execute(sql`
    insert into ${messages} (id, conversation_id, user_id, content, created_at, updated_at, created_seq,
      file_id, bot, import_id, import_key)
    select t.id, ${conversationId}::uuid, t.user_id, t.content, t.created_at, t.created_at, 0,
      t.file_id, t.bot::jsonb, ${importId}::uuid, t.import_key
    from unnest(
      ${column((r) => r.id)}::uuid[], ${column((r) => r.userId)}::uuid[], ${column((r) => r.content)}::text[],
      ${column((r) => r.createdAt.toISOString())}::timestamptz[], ${column((r) => r.fileId)}::uuid[],
      ${column((r) => (r.bot ? JSON.stringify(r.bot) : null))}::text[], ${column((r) => r.importKey)}::text[]
    ) with ordinality as t(id, user_id, content, created_at, file_id, bot, import_key, ord)
    order by t.ord
    on conflict (conversation_id, import_key) where import_key is not null do nothing
    returning id, file_id`);
  return rowsOf<{ id: string; file_id: string | null }>(result).map((row) => ({
    id: row.id,
    fileId: row.file_id,
  }));
}

/** Residents whose messages a batch brought into a channel join it, as a first post would make them. */
export async function joinChannel(db: DbOrTx, conversationId: string, userIds: string[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insert(conversationParticipants)
    .values(userIds.map((userId) => ({ conversationId, userId })))
    .onConflictDoNothing();
}

/** Moves the conversation's last message time forward to the newest imported one, never back. */
export async function touchConversation(db: DbOrTx, conversationId: string, newest: Date): Promise<void> {
  await db
    .update(conversations)
    .set({ lastMessageAt: sql`greatest(coalesce(${conversations.lastMessageAt}, ${newest}), ${newest})` })
    .where(eq(conversations.id, conversationId));
}

/** Removes an import's messages (their replies and likes go with them) and answers their file ids. */
export async function deleteImportedMessages(db: DbOrTx, importId: string): Promise<string[]> {
  const rows = await db
    .delete(messages)
    .where(and(eq(messages.importId, importId), isNotNull(messages.importId)))
    .returning({ fileId: messages.fileId });
  return rows.flatMap((row) => (row.fileId ? [row.fileId] : []));
}
