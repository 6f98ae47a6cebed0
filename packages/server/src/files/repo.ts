import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { files, messages, type FileRow } from '../db/schema/index.ts';

export type NewFile = Omit<FileRow, 'createdAt'>;

export async function insertFile(db: DbOrTx, values: NewFile): Promise<FileRow> {
  const [row] = await db.insert(files).values(values).returning();
  if (!row) throw new Error('insert into files returned no row');
  return row;
}

export async function findFile(db: DbOrTx, id: string): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.id, id)).limit(1);
  return row;
}

/** The message a file is attached to, if any (icons have none). */
export async function messageOfFile(
  db: DbOrTx,
  fileId: string,
): Promise<{ id: string; userId: string; deletedAt: Date | null; adminHidden: boolean } | undefined> {
  const [row] = await db
    .select({
      id: messages.id,
      userId: messages.userId,
      deletedAt: messages.deletedAt,
      adminHidden: messages.adminHidden,
    })
    .from(messages)
    .where(eq(messages.fileId, fileId))
    .limit(1);
  return row;
}

export async function deleteFileRow(db: DbOrTx, fileId: string): Promise<FileRow | undefined> {
  const [row] = await db.delete(files).where(eq(files.id, fileId)).returning();
  return row;
}

export async function insertFiles(db: DbOrTx, values: NewFile[]): Promise<FileRow[]> {
  if (values.length === 0) return [];
  return db.insert(files).values(values).returning();
}

/** Deletes the rows and answers every stored key (file and thumbnail) they had. */
export async function deleteFileRows(db: DbOrTx, ids: string[]): Promise<(string | null)[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .delete(files)
    .where(inArray(files.id, ids))
    .returning({ storageKey: files.storageKey, thumbnailKey: files.thumbnailKey });
  return rows.flatMap((row) => [row.storageKey, row.thumbnailKey]);
}
