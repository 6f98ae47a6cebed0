/**
 * What the screens show from the device while offline (the directory, polls, events)
 * is read again when the connection returns. The socket must not import those stores (they load
 * with their cards, not with the channel page), so each registers a refresh here instead, and the
 * socket runs them all after it has caught up.
 */
type Refresh = () => void | Promise<void>;

const refreshes = new Set<Refresh>();

/** Registers a refresh run after every reconnect; returns a function that unregisters it. */
export function registerReconnectRefresh(refresh: Refresh): () => void {
  refreshes.add(refresh);
  return () => {
    refreshes.delete(refresh);
  };
}

/** Runs every registered refresh; one failing does not stop the others. */
export async function runReconnectRefreshes(): Promise<void> {
  await Promise.allSettled([...refreshes].map(async (refresh) => refresh()));
}
