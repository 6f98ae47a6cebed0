import type { SessionRow, UserRow } from '../db/schema/index.ts';

/** What a session cookie stands for: the session, its owner, and the user the requests act as. */
export type ResolvedSession = { session: SessionRow; owner: UserRow; user: UserRow };

/** Who a change concerns: every session a user owns or acts as, one session, or every session. */
export type AuthChange = { userId: string } | { sessionId: string } | { everything: true };

type Entry = { value: ResolvedSession; storedAt: number };

/**
 * The sessions of recent API calls, by token hash, so that a burst of calls (a page load, scrolling
 * back through history) costs one session lookup instead of one per call.
 *
 * Correctness rests on `forget`: every write to a session or user row calls it after it commits
 * (logout, sign-in, lock, approval, role, profile, password reset, set-user), and in server mode the
 * same change is sent to every other instance (realtime/server.ts). The time-to-live only bounds how
 * long a change made outside the server (an operator's SQL) can go unseen.
 *
 * A lookup that was under way while a change was forgotten may have read the row before the change;
 * it takes a ticket before reading, and `store` refuses a ticket older than the last change.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;
  private readonly listeners = new Set<(change: AuthChange) => void>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** Taken before a database lookup; hand it back to `store`. */
  ticket(): number {
    return this.generation;
  }

  /** A copy of the cached session, or undefined when absent, too old or past the session's expiry. */
  get(tokenHash: string): ResolvedSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    const now = this.now();
    if (now - entry.storedAt >= this.ttlMs || entry.value.session.expiresAt.getTime() <= now) {
      this.entries.delete(tokenHash);
      return undefined;
    }
    return copyOf(entry.value);
  }

  /** Keeps `value` unless the cache is off or anything was forgotten since `ticket` was taken. */
  store(tokenHash: string, ticket: number, value: ResolvedSession): void {
    if (!this.enabled || ticket !== this.generation) return;
    this.sweep();
    this.entries.delete(tokenHash);
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: the first key is the one stored longest ago.
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(tokenHash, { value: copyOf(value), storedAt: this.now() });
  }

  /**
   * Drops the entries stored longer ago than the time-to-live, which `get` would refuse anyway.
   * Without it an entry stayed until read: every socket's handshake stores one, so a server holding
   * 10,000 idle sockets kept 10,000 sessions with their user rows (bench:sockets). `store` calls it,
   * and the app on a timer for the quiet spells.
   */
  sweep(): void {
    const now = this.now();
    // Maps iterate in insertion order and `store` re-inserts, so the stale entries come first.
    for (const [key, entry] of this.entries) {
      if (now - entry.storedAt < this.ttlMs) return;
      this.entries.delete(key);
    }
  }

  /** Drops what `change` concerns here and on every other instance. */
  forget(change: AuthChange): void {
    this.forgetLocally(change);
    for (const listener of this.listeners) listener(change);
  }

  /** Drops what `change` concerns on this instance only (a change another instance sent). */
  forgetLocally(change: AuthChange): void {
    this.generation += 1;
    for (const [key, { value }] of this.entries) {
      if (concerns(change, value)) this.entries.delete(key);
    }
  }

  /** Called with every change this instance forgets of its own; returns a function that unsubscribes. */
  onForget(listener: (change: AuthChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get size(): number {
    return this.entries.size;
  }
}

function concerns(change: AuthChange, { session, owner, user }: ResolvedSession): boolean {
  if ('everything' in change) return true;
  if ('sessionId' in change) return session.id === change.sessionId;
  return owner.id === change.userId || user.id === change.userId;
}

/** Requests get their own objects: nothing a handler does to them reaches the cache or another request. */
function copyOf({ session, owner, user }: ResolvedSession): ResolvedSession {
  const ownerCopy = copyRow(owner);
  return { session: copyRow(session), owner: ownerCopy, user: user === owner ? ownerCopy : copyRow(user) };
}

/**
 * A deep copy of a database row: plain objects, arrays, Dates and primitives are all a row holds.
 * structuredClone did the same at more than twice the cost (4.5 against 1.8 µs for a session and
 * its user), on every call.
 */
function copyRow<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (Array.isArray(value)) return value.map((item: unknown) => copyRow(item)) as T;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) copy[key] = copyRow(item);
  return copy as T;
}
