/** Tells the resident when live updates are paused or catching up after a reconnect. */
import { useConnectionStore } from '../../stores/connection.ts';

export function ConnectionBanner() {
  const state = useConnectionStore((s) => s.state);
  if (state !== 'disconnected' && state !== 'syncing') return null;
  return (
    <p role="status" className="border-b border-amber-200 bg-amber-50 px-4 py-1.5 text-xs text-amber-900">
      {state === 'disconnected'
        ? 'Reconnecting… new messages will appear once you are back online.'
        : 'Catching up on what you missed…'}
    </p>
  );
}
