/**
 * R-RT-5, R-API-7: after PUT /api/profile a real-time profile update event is emitted. The server already
 * broadcast its own committed copy to everyone; this notice carries no data (the server never
 * takes a profile from a socket) and only keeps the protocol of R-RT-2, R-RT-3.
 */
import type { ProfileUpdatedNotice } from '@stoop/shared';
import { getSocket } from '../../realtime/socket.ts';

export function announceProfileUpdate(): void {
  const notice: ProfileUpdatedNotice = {};
  getSocket()?.emit('profile:updated', notice);
}
