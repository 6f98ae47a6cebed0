/**
 * Memory pressure monitor (R-MEM-3). Levels: low below 60 % usage, medium from 60 %, high from
 * 80 %, critical from 95 %. Cleanup runs when pressure is high or critical; the pressure check
 * runs every 30 s and a full cleanup every 300 s.
 *
 * Usage source: Chromium exposes `performance.memory` (usedJSHeapSize / jsHeapSizeLimit) and we
 * use it there. Firefox, Safari and the iOS WebView do not, so elsewhere the usage is a
 * count-based estimate: the fullest registered cache relative to its limit (for the message
 * cache: cached messages / TOTAL_MESSAGES_LIMIT).
 */
import {
  CACHED_CONVERSATIONS_LIMIT,
  CRITICAL_CACHED_CONVERSATIONS,
  CRITICAL_MESSAGES_PER_CONVERSATION,
  FULL_CLEANUP_INTERVAL_MS,
  INDIVIDUAL_MESSAGES_LIMIT,
  MEMORY_PRESSURE_CRITICAL,
  MEMORY_PRESSURE_HIGH,
  MEMORY_PRESSURE_MEDIUM,
  MESSAGES_PER_CONVERSATION_LIMIT,
  PRESSURE_CHECK_INTERVAL_MS,
  TOTAL_MESSAGES_LIMIT,
} from '@stoop/shared';

export type PressureLevel = 'low' | 'medium' | 'high' | 'critical';

export function pressureLevel(ratio: number): PressureLevel {
  if (ratio >= MEMORY_PRESSURE_CRITICAL) return 'critical';
  if (ratio >= MEMORY_PRESSURE_HIGH) return 'high';
  if (ratio >= MEMORY_PRESSURE_MEDIUM) return 'medium';
  return 'low';
}

/** Cleanup runs on high or critical pressure only. */
export function needsCleanup(level: PressureLevel): boolean {
  return level === 'high' || level === 'critical';
}

export interface MessageCacheLimits {
  perConversation: number;
  conversations: number;
  total: number;
  individual: number;
}

/**
 * The message-cache limits a cache must enforce at a level: 200 per conversation, 50
 * conversations, 5000 total, 2000 individual; under critical pressure 100 per conversation and
 * 30 conversations. The chat message cache calls this from its `cleanup(level)`.
 */
export function messageCacheLimits(level: PressureLevel): MessageCacheLimits {
  const critical = level === 'critical';
  return {
    perConversation: critical ? CRITICAL_MESSAGES_PER_CONVERSATION : MESSAGES_PER_CONVERSATION_LIMIT,
    conversations: critical ? CRITICAL_CACHED_CONVERSATIONS : CACHED_CONVERSATIONS_LIMIT,
    total: TOTAL_MESSAGES_LIMIT,
    individual: INDIVIDUAL_MESSAGES_LIMIT,
  };
}

export interface CacheRegistration {
  name: string;
  /** Items currently held. */
  count(): number;
  /** Items at which this cache counts as full; defaults to TOTAL_MESSAGES_LIMIT. */
  limit?: number;
  /** Trim to the limits of `level` (see messageCacheLimits). */
  cleanup(level: PressureLevel): void;
}

export interface MemoryUsage {
  ratio: number;
  source: 'performance.memory' | 'cache-estimate';
}

interface ChromiumMemory {
  usedJSHeapSize: number;
  jsHeapSizeLimit: number;
}

function heapMemory(): ChromiumMemory | null {
  if (typeof performance === 'undefined') return null;
  // Non-standard, Chromium only, hence the narrow structural read.
  const memory = (performance as Performance & { memory?: ChromiumMemory }).memory;
  if (!memory || !(memory.jsHeapSizeLimit > 0)) return null;
  return memory;
}

export class MemoryMonitor {
  private readonly caches = new Map<string, CacheRegistration>();
  private checkTimer: ReturnType<typeof setInterval> | undefined;
  private fullTimer: ReturnType<typeof setInterval> | undefined;
  private lastLevel: PressureLevel = 'low';
  private readonly listeners = new Set<(level: PressureLevel) => void>();

  /** Registers a cache; returns the function that unregisters it. */
  registerCache(cache: CacheRegistration): () => void {
    this.caches.set(cache.name, cache);
    return () => {
      if (this.caches.get(cache.name) === cache) this.caches.delete(cache.name);
    };
  }

  /** Heap usage where the browser reports it, else the fullest cache's fill ratio. */
  usage(): MemoryUsage {
    const heap = heapMemory();
    if (heap) return { ratio: heap.usedJSHeapSize / heap.jsHeapSizeLimit, source: 'performance.memory' };
    let ratio = 0;
    for (const cache of this.caches.values()) {
      const limit = cache.limit ?? TOTAL_MESSAGES_LIMIT;
      if (limit > 0) ratio = Math.max(ratio, cache.count() / limit);
    }
    return { ratio, source: 'cache-estimate' };
  }

  get level(): PressureLevel {
    return this.lastLevel;
  }

  onLevelChange(listener: (level: PressureLevel) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The 30 s pressure check: measures, and cleans up when high or critical. */
  check(): PressureLevel {
    const level = pressureLevel(this.usage().ratio);
    if (level !== this.lastLevel) {
      this.lastLevel = level;
      for (const l of this.listeners) l(level);
    }
    if (needsCleanup(level)) this.cleanupAll(level);
    return level;
  }

  /** The 300 s full cleanup: every cache trims to the limits of the current level. */
  fullCleanup(): void {
    this.cleanupAll(pressureLevel(this.usage().ratio));
  }

  private cleanupAll(level: PressureLevel): void {
    for (const cache of this.caches.values()) {
      try {
        cache.cleanup(level);
      } catch {
        // One broken cache must not stop the others from freeing memory.
      }
    }
  }

  start(): void {
    if (this.checkTimer !== undefined) return;
    this.checkTimer = setInterval(() => this.check(), PRESSURE_CHECK_INTERVAL_MS);
    this.fullTimer = setInterval(() => this.fullCleanup(), FULL_CLEANUP_INTERVAL_MS);
  }

  stop(): void {
    clearInterval(this.checkTimer);
    clearInterval(this.fullTimer);
    this.checkTimer = undefined;
    this.fullTimer = undefined;
  }
}

/** The app's monitor; caches register here. */
export const memoryMonitor = new MemoryMonitor();
