import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FULL_CLEANUP_INTERVAL_MS, PRESSURE_CHECK_INTERVAL_MS, TOTAL_MESSAGES_LIMIT } from '@stoop/shared';
import {
  MemoryMonitor,
  messageCacheLimits,
  needsCleanup,
  pressureLevel,
  type PressureLevel,
} from './memory.ts';

function fakeCache(count: number, limit?: number) {
  const cleanup = vi.fn<(level: PressureLevel) => void>();
  return { name: 'messages', count: () => count, cleanup, ...(limit === undefined ? {} : { limit }) };
}

describe('memory pressure', () => {
  let monitor: MemoryMonitor;
  beforeEach(() => {
    vi.useFakeTimers();
    monitor = new MemoryMonitor();
  });
  afterEach(() => {
    monitor.stop();
    vi.useRealTimers();
    Reflect.deleteProperty(performance, 'memory');
  });

  it('R-MEM-1: low below 60 %, medium from 60 %, high from 80 %, critical from 95 %', () => {
    expect(pressureLevel(0.59)).toBe('low');
    expect(pressureLevel(0.6)).toBe('medium');
    expect(pressureLevel(0.79)).toBe('medium');
    expect(pressureLevel(0.8)).toBe('high');
    expect(pressureLevel(0.94)).toBe('high');
    expect(pressureLevel(0.95)).toBe('critical');
  });

  it('R-MEM-2: cleanup runs when pressure is high or critical', () => {
    expect(['low', 'medium', 'high', 'critical'].map((l) => needsCleanup(l as PressureLevel))).toEqual([
      false,
      false,
      true,
      true,
    ]);
    const cache = fakeCache(TOTAL_MESSAGES_LIMIT * 0.7);
    monitor.registerCache(cache);
    expect(monitor.check()).toBe('medium');
    expect(cache.cleanup).not.toHaveBeenCalled();
    const full = fakeCache(TOTAL_MESSAGES_LIMIT * 0.85);
    monitor.registerCache(full);
    expect(monitor.check()).toBe('high');
    expect(full.cleanup).toHaveBeenCalledWith('high');
  });

  it('R-MEM-3: pressure check every 30 s', () => {
    const cache = fakeCache(TOTAL_MESSAGES_LIMIT); // 100 %: critical
    monitor.registerCache(cache);
    monitor.start();
    vi.advanceTimersByTime(PRESSURE_CHECK_INTERVAL_MS - 1);
    expect(cache.cleanup).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(cache.cleanup).toHaveBeenCalledWith('critical');
    expect(PRESSURE_CHECK_INTERVAL_MS).toBe(30_000);
  });

  it('R-CACHE-5: full cleanup every 300 s, even under low pressure', () => {
    const cache = fakeCache(1);
    monitor.registerCache(cache);
    monitor.start();
    vi.advanceTimersByTime(FULL_CLEANUP_INTERVAL_MS - 1);
    expect(cache.cleanup).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(cache.cleanup).toHaveBeenCalledWith('low');
    expect(FULL_CLEANUP_INTERVAL_MS).toBe(300_000);
  });

  it('R-MEM-4: uses performance.memory where the browser has it', () => {
    Object.defineProperty(performance, 'memory', {
      value: { usedJSHeapSize: 96, jsHeapSizeLimit: 100 },
      configurable: true,
    });
    monitor.registerCache(fakeCache(0));
    expect(monitor.usage()).toEqual({ ratio: 0.96, source: 'performance.memory' });
    expect(monitor.check()).toBe('critical');
  });

  it('R-MEM-4: elsewhere a count-based estimate of the caches (fullest cache wins)', () => {
    monitor.registerCache(fakeCache(TOTAL_MESSAGES_LIMIT / 2));
    monitor.registerCache({ ...fakeCache(45, 50), name: 'conversations' });
    expect(monitor.usage()).toEqual({ ratio: 0.9, source: 'cache-estimate' });
  });

  it('R-CACHE-4, R-CACHE-2: cache limits 200 / 50 / 5000 / 2000, critical cuts to 100 and 30', () => {
    expect(messageCacheLimits('high')).toEqual({
      perConversation: 200,
      conversations: 50,
      total: 5000,
      individual: 2000,
    });
    expect(messageCacheLimits('critical')).toEqual({
      perConversation: 100,
      conversations: 30,
      total: 5000,
      individual: 2000,
    });
  });

  it('memory: an unregistered cache is no longer cleaned; a throwing cache does not stop others', () => {
    const bad = {
      name: 'bad',
      count: () => TOTAL_MESSAGES_LIMIT,
      cleanup: () => {
        throw new Error('x');
      },
    };
    const good = { ...fakeCache(0), name: 'good' };
    monitor.registerCache(bad);
    const off = monitor.registerCache(good);
    monitor.check();
    expect(good.cleanup).toHaveBeenCalledTimes(1);
    off();
    monitor.check();
    expect(good.cleanup).toHaveBeenCalledTimes(1);
  });
});
