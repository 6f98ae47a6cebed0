import type { Redis } from 'ioredis';

/**
 * Failure counts and "wait until" marks of the growing sign-in delay. In memory for one
 * process, in Redis when REDIS_URL is set so every instance sees the same waits.
 */
export interface BackoffStore {
  /** Adds one failure under `key` (kept `ttlMs`) and returns the count. */
  fail(key: string, ttlMs: number): Promise<number>;
  /** Makes `key` wait `ms`. */
  block(key: string, ms: number): Promise<void>;
  /** Failures counted under `key` and not yet forgotten. */
  failures(key: string): Promise<number>;
  /** Milliseconds `key` still has to wait; 0 when free. */
  waitLeft(key: string): Promise<number>;
  /** Forgets the failures and the wait of `key` (a successful sign-in). */
  clear(key: string): Promise<void>;
}

type Entry = { value: number; expiresAt: number };

/** Bounded so a flood of made-up keys cannot grow the process without end. */
const MEMORY_MAX_KEYS = 100_000;

export class MemoryBackoffStore implements BackoffStore {
  private readonly entries = new Map<string, Entry>();

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private put(key: string, entry: Entry): void {
    if (!this.entries.has(key) && this.entries.size >= MEMORY_MAX_KEYS) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(key, entry);
  }

  fail(key: string, ttlMs: number): Promise<number> {
    const count = (this.live(`f:${key}`)?.value ?? 0) + 1;
    this.put(`f:${key}`, { value: count, expiresAt: Date.now() + ttlMs });
    return Promise.resolve(count);
  }

  failures(key: string): Promise<number> {
    return Promise.resolve(this.live(`f:${key}`)?.value ?? 0);
  }

  block(key: string, ms: number): Promise<void> {
    this.put(`b:${key}`, { value: 1, expiresAt: Date.now() + ms });
    return Promise.resolve();
  }

  waitLeft(key: string): Promise<number> {
    const entry = this.live(`b:${key}`);
    return Promise.resolve(entry ? Math.max(0, entry.expiresAt - Date.now()) : 0);
  }

  clear(key: string): Promise<void> {
    this.entries.delete(`f:${key}`);
    this.entries.delete(`b:${key}`);
    return Promise.resolve();
  }
}

export class RedisBackoffStore implements BackoffStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  async fail(key: string, ttlMs: number): Promise<number> {
    const name = `${this.prefix}f:${key}`;
    const [[, count] = []] = (await this.redis.multi().incr(name).pexpire(name, ttlMs).exec()) ?? [];
    return Number(count ?? 1);
  }

  async block(key: string, ms: number): Promise<void> {
    await this.redis.set(`${this.prefix}b:${key}`, '1', 'PX', ms);
  }

  async failures(key: string): Promise<number> {
    return Number((await this.redis.get(`${this.prefix}f:${key}`)) ?? 0);
  }

  async waitLeft(key: string): Promise<number> {
    return Math.max(0, await this.redis.pttl(`${this.prefix}b:${key}`));
  }

  async clear(key: string): Promise<void> {
    await this.redis.del(`${this.prefix}f:${key}`, `${this.prefix}b:${key}`);
  }
}
