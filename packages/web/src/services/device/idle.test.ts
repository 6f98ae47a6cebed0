import { afterEach, describe, expect, it, vi } from 'vitest';
import { runInTurns } from './idle.ts';

afterEach(() => vi.useRealTimers());

describe('runInTurns (R-DELIVERY-12)', () => {
  it('runs each step in a task of its own, in order, after the caller', () => {
    vi.useFakeTimers();
    const ran: string[] = [];
    runInTurns([() => ran.push('socket'), () => ran.push('list'), () => ran.push('outbox')]);
    expect(ran).toEqual([]);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['socket']);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['socket', 'list']);
    vi.advanceTimersToNextTimer();
    expect(ran).toEqual(['socket', 'list', 'outbox']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('drops the steps not yet run when cancelled', () => {
    vi.useFakeTimers();
    const ran: string[] = [];
    const cancel = runInTurns([() => ran.push('socket'), () => ran.push('list'), () => ran.push('outbox')]);
    vi.advanceTimersToNextTimer();
    vi.advanceTimersToNextTimer();
    cancel();
    vi.runAllTimers();
    expect(ran).toEqual(['socket', 'list']);
  });
});
