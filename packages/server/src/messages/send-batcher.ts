import type { Db, Tx } from '../db/client.ts';
import type { FileRow, MessageRow } from '../db/schema/index.ts';
import type { NewFile } from '../files/repo.ts';
import * as repo from './repo.ts';

/** One send, checked and ready to write: ids are chosen before it is queued. */
export type SendJob = {
  message: repo.NewMessageWithId;
  file: NewFile | undefined;
  /** The sender may post into a channel an admin hid (an admin). */
  seesHidden: boolean;
};

/**
 * What became of a send once its transaction committed. Not created: its clientMessageId was taken,
 * or its author may not post there (the insert applies the access rule); the caller tells which.
 */
export type SendOutcome =
  | { created: true; row: MessageRow; parent: MessageRow | undefined; file: FileRow | undefined }
  | { created: false };

type Waiting = { job: SendJob; resolve: (outcome: SendOutcome) => void; reject: (error: unknown) => void };

/** Most sends in one transaction; more wait for the next one. */
const MAX_BATCH = 256;

/**
 * Group commit for sends (docs/decisions/0004-group-commit-for-sends.md). Sends that arrive while a send
 * transaction is running are written together by the next one: one change-lock acquisition and one
 * WAL flush for all of them. Every caller is answered only after the transaction holding its message
 * committed. When a batch fails, each of its sends is retried alone, so one bad send fails only itself.
 */
export class SendBatcher {
  private queue: Waiting[] = [];
  private running = false;
  private idleWaiters: (() => void)[] = [];

  constructor(private readonly db: Db) {}

  submit(job: SendJob): Promise<SendOutcome> {
    return new Promise<SendOutcome>((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      if (!this.running) {
        this.running = true;
        // Sends arriving in the same turn of the event loop share the first transaction.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        await this.write(batch);
      }
    } finally {
      this.running = false;
      for (const wake of this.idleWaiters.splice(0)) wake();
    }
  }

  /**
   * Resolves once every queued send has been written and answered: the shutdown waits
   * for it before the database closes, so no send that was taken is dropped half-way.
   */
  idle(): Promise<void> {
    if (!this.running && this.queue.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private async write(batch: Waiting[]): Promise<void> {
    try {
      const jobs = batch.map((w) => w.job);
      // Plain sends (no file, no reply; joins included) need one statement, its own transaction.
      const outcomes = jobs.every(isPlain)
        ? await writePlainSends(this.db, jobs)
        : await repo.inChangeTransaction(this.db, (tx) => writeSends(tx, jobs));
      batch.forEach((w, i) => w.resolve(outcomes[i] as SendOutcome));
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      // Nothing of the batch committed; each send goes again alone and gets its own answer.
      for (const w of batch) {
        try {
          const [outcome] = await repo.inChangeTransaction(this.db, (tx) => writeSends(tx, [w.job]));
          w.resolve(outcome as SendOutcome);
        } catch (single) {
          w.reject(single);
        }
      }
    }
  }
}

const isPlain = (job: SendJob) => !job.file && job.message.parentMessageId === null;

const lockedInsertOf = (job: SendJob): repo.LockedInsert => ({ ...job.message, seesHidden: job.seesHidden });

/**
 * Sends without file or parent: one locked insert (access rule and joins included), committed on
 * its own (one round trip).
 */
export async function writePlainSends(db: Db, jobs: SendJob[]): Promise<SendOutcome[]> {
  const rowById = new Map(
    (await repo.insertMessagesLocked(db, jobs.map(lockedInsertOf))).map((r) => [r.id, r]),
  );
  return jobs.map((j): SendOutcome => {
    const row = rowById.get(j.message.id);
    return row ? { created: true, row, parent: undefined, file: undefined } : { created: false };
  });
}

const batchers = new WeakMap<Db, SendBatcher>();

/** The one batcher of a database in this process. */
export function sendBatcherOf(db: Db): SendBatcher {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new SendBatcher(db);
    batchers.set(db, batcher);
  }
  return batcher;
}

/**
 * Writes the sends inside a change transaction (the caller holds the change lock): files, then the
 * messages (and joins) in one statement with seqs taken in queue order, then parent bumps. A send whose
 * (user, conversation, clientMessageId) is already taken, by an earlier commit or by an earlier send of the same
 * batch, inserts nothing and its file row is removed again.
 */
async function writeSends(tx: Tx, jobs: SendJob[]): Promise<SendOutcome[]> {
  const newFiles = jobs.flatMap((j) => (j.file ? [j.file] : []));
  const fileRows = await repo.insertFiles(tx, newFiles);
  const fileById = new Map(fileRows.map((f) => [f.id, f]));
  const inserted = await repo.insertMessagesLocked(tx, jobs.map(lockedInsertOf));
  const rowById = new Map(inserted.map((r) => [r.id, r]));

  const orphanFiles = jobs.flatMap((j) => (j.file && !rowById.has(j.message.id) ? [j.file.id] : []));
  if (orphanFiles.length > 0) await repo.deleteFiles(tx, orphanFiles);

  // A parent's reply list changed: it takes a seq too (after its replies), so sync and events carry it.
  const parentIds = [...new Set(inserted.flatMap((r) => (r.parentMessageId ? [r.parentMessageId] : [])))];
  const parents = new Map((await repo.bumpMessages(tx, parentIds)).map((p) => [p.id, p]));

  return jobs.map((j): SendOutcome => {
    const row = rowById.get(j.message.id);
    if (!row) return { created: false };
    return {
      created: true,
      row,
      parent: row.parentMessageId ? parents.get(row.parentMessageId) : undefined,
      file: row.fileId ? fileById.get(row.fileId) : undefined,
    };
  });
}
