/**
 * SPEC 7: after PUT /api/profile a real-time profile update event is emitted, so the server can
 * tell the other residents' open clients. Without a live socket there is nobody to tell.
 */
import { getSocket } from '../../services/socket.ts';

export function announceProfileUpdate(): void {
  getSocket()?.emit('profile:updated', {});
}
