/**
 * Logout has to tear down sockets, cached messages and timers (R-SESSION-4) owned by modules the auth
 * store must not import (that would pull the chat code into the first load). Those modules
 * register a callback here instead; logout runs them all.
 */
type Cleanup = () => void | Promise<void>;

const cleanups = new Set<Cleanup>();

/** Registers a callback run on logout; returns a function that unregisters it. */
export function registerSessionCleanup(cleanup: Cleanup): () => void {
  cleanups.add(cleanup);
  return () => {
    cleanups.delete(cleanup);
  };
}

/** Runs every registered cleanup; one failing does not stop the others. Returns the failures. */
export async function runSessionCleanup(): Promise<unknown[]> {
  const results = await Promise.allSettled([...cleanups].map(async (cleanup) => cleanup()));
  return results
    .filter((r): r is PromiseRejectedResult => r.status === 'rejected')
    .map((r): unknown => r.reason);
}
