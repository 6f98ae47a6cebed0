/**
 * What the screens show from the device while offline (the directory, polls, events)
 * is read again when the connection returns. The socket must not import those stores (they load
 * with their cards, not with the channel page), so each registers a refresh here instead, and the
 * socket runs them all after it has caught up.
 */
type Refresh = () => void | Promise<void>;

interface Registered {
  refresh: Refresh;
  /** Also after a page's first connection, for what was read before the socket joined its rooms. */
  onFirstConnect: boolean;
}

const refreshes = new Set<Registered>();

/**
 * Registers a refresh run after every reconnect (and, with `onFirstConnect`, after the page's
 * first connection too); returns a function that unregisters it.
 */
export function registerReconnectRefresh(
  refresh: Refresh,
  { onFirstConnect = false }: { onFirstConnect?: boolean } = {},
): () => void {
  const registered = { refresh, onFirstConnect };
  refreshes.add(registered);
  return () => {
    refreshes.delete(registered);
  };
}

/**
 * Runs the registered refreshes (after a first connection, only those that asked for it); one
 * failing does not stop the others.
 */
export async function runReconnectRefreshes({ firstConnect = false } = {}): Promise<void> {
  const due = [...refreshes].filter((registered) => !firstConnect || registered.onFirstConnect);
  await Promise.allSettled(due.map(async ({ refresh }) => refresh()));
}
