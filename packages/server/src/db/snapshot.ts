import type { Db, Tx } from './client.ts';

/**
 * Runs several reads against one snapshot of the database: a page and its counts (total, unread)
 * then agree even while writes land between them. On PostgreSQL the reads would otherwise run on
 * different pooled connections, each seeing its own moment. The reads share one connection, so
 * `read` awaits them one after another: node-postgres only queues queries started at once on one
 * client, warns that it is deprecated, and will refuse them in its next major version.
 */
export function readSnapshot<T>(db: Db, read: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(read, { isolationLevel: 'repeatable read', accessMode: 'read only' });
}
