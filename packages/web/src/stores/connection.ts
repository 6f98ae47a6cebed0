/** The real-time connection's state for the screens (a banner while offline or catching up). */
import { create } from 'zustand';

/** idle: no session socket; disconnected: lost and retrying. */
export type ConnectionState = 'idle' | 'disconnected' | 'connecting' | 'connected' | 'syncing';

export const useConnectionStore = create<{ state: ConnectionState }>()(() => ({ state: 'idle' }));
