/**
 * The offline outbox's IndexedDB store: text sends not yet confirmed by the server,
 * kept so a reload or a closed tab never loses them. localStorage (storage.ts) is no place for
 * them: it is synchronous, small, and cleaned by age.
 *
 * Every call resolves even when IndexedDB is missing or broken (private mode, old WebViews): the
 * outbox then works in memory only, as it did before it was persisted.
 */
import { logger } from '../logger/logger.ts';

/** A send as stored: what is needed to show its echo again and to send it with the same id. */
export interface StoredSend {
  clientMessageId: string;
  /** Whose send it is: a shared device must never post one resident's draft as another. */
  userId: string;
  conversationId: string;
  content: string;
  parentMessageId: string | null;
  /** When it was written (ms); the echo's time and, with `order`, the order sends go out in. */
  createdAt: number;
  /** Tie-break for sends made within one millisecond. */
  order: number;
  failed: boolean;
}

const DB_NAME = 'stoop-outbox';
const STORE = 'sends';
const DB_VERSION = 1;

let opening: Promise<IDBDatabase | null> | null = null;

const requestDone = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

const transactionDone = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });

function open(): Promise<IDBDatabase | null> {
  opening ??= new Promise<IDBDatabase | null>((resolve) => {
    if (typeof indexedDB === 'undefined') {
      resolve(null);
      return;
    }
    const request = indexedDB.open(DB_NAME, DB_VERSION);
    request.onupgradeneeded = () => {
      const store = request.result.createObjectStore(STORE, { keyPath: 'clientMessageId' });
      store.createIndex('userId', 'userId');
    };
    request.onsuccess = () => {
      const db = request.result;
      // Another tab upgrading (a new build) must not be blocked by this one.
      db.onversionchange = () => {
        db.close();
        opening = null;
      };
      resolve(db);
    };
    request.onerror = () => {
      logger.warn('The outbox store could not be opened', { error: String(request.error) });
      resolve(null);
    };
  });
  return opening;
}

/** Runs one read-write or read-only step; a failure is logged and answered with the fallback. */
async function withStore<T>(
  mode: IDBTransactionMode,
  step: (store: IDBObjectStore) => Promise<T>,
  fallback: T,
): Promise<T> {
  try {
    const db = await open();
    if (!db) return fallback;
    const tx = db.transaction(STORE, mode);
    const [result] = await Promise.all([step(tx.objectStore(STORE)), transactionDone(tx)]);
    return result;
  } catch (error) {
    logger.warn('The outbox store failed', { error: String(error) });
    return fallback;
  }
}

export const outboxDb = {
  put: (send: StoredSend) =>
    withStore('readwrite', (s) => requestDone(s.put(send)).then(() => undefined), undefined),

  remove: (clientMessageId: string) =>
    withStore('readwrite', (s) => requestDone(s.delete(clientMessageId)).then(() => undefined), undefined),

  /** One resident's sends, in the order they were made. */
  async listFor(userId: string): Promise<StoredSend[]> {
    const rows = await withStore(
      'readonly',
      (s) => requestDone(s.index('userId').getAll(userId) as IDBRequest<StoredSend[]>),
      [] as StoredSend[],
    );
    return rows.sort((a, b) => a.createdAt - b.createdAt || a.order - b.order);
  },

  /** Drops one resident's sends (logout). */
  async clearFor(userId: string): Promise<void> {
    const rows = await outboxDb.listFor(userId);
    await withStore(
      'readwrite',
      async (s) => {
        await Promise.all(rows.map((row) => requestDone(s.delete(row.clientMessageId))));
      },
      undefined,
    );
  },
};
