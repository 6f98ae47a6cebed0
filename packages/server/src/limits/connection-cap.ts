import type { Server } from 'node:http';
import type { Config } from '../config.ts';

/**
 * R-LIMIT-11: at most CONNECTIONS_PER_IP open connections (HTTP keep-alive and WebSocket alike) from
 * one address; one more is closed at once. The default is far above what a building's devices open
 * (each browser keeps about six, a socket one), so it only stops a single client opening thousands.
 * Behind a reverse proxy (TRUST_PROXY set) every connection comes from the proxy, which caps them
 * itself: the count is then off. Returns how many connections each address holds (tests, metrics).
 */
export function capConnectionsPerAddress(
  server: Server,
  config: Pick<Config, 'CONNECTIONS_PER_IP' | 'TRUST_PROXY'>,
): ReadonlyMap<string, number> {
  const open = new Map<string, number>();
  if (config.TRUST_PROXY !== false) return open;
  server.on('connection', (socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > config.CONNECTIONS_PER_IP) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
  return open;
}
