/**
 * Who is online on this instance: a count of open sockets per user. Status changes only on the
 * first connect and the last disconnect, so a second tab does not announce anything.
 */
export class PresenceTracker {
  private readonly sockets = new Map<string, number>();

  /** Returns true when the user just came online. */
  connected(userId: string): boolean {
    const count = this.sockets.get(userId) ?? 0;
    this.sockets.set(userId, count + 1);
    return count === 0;
  }

  /** Returns true when the user just went offline. */
  disconnected(userId: string): boolean {
    const count = this.sockets.get(userId) ?? 0;
    if (count <= 1) {
      this.sockets.delete(userId);
      return count === 1;
    }
    this.sockets.set(userId, count - 1);
    return false;
  }

  isOnline(userId: string): boolean {
    return this.sockets.has(userId);
  }

  online(): string[] {
    return [...this.sockets.keys()];
  }
}

/**
 * Coalesces bursts (a building's worth of phones reconnecting) into one call per window: the first
 * call starts the window, later ones join it, so nothing waits longer than `ms`.
 */
export function debounce(fn: () => void, ms: number): { (): void; cancel(): void } {
  let timer: NodeJS.Timeout | undefined;
  const run = () => {
    if (timer) return;
    timer = setTimeout(() => {
      timer = undefined;
      fn();
    }, ms);
  };
  run.cancel = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };
  return run;
}
