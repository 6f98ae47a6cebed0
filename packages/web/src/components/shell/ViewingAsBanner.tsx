/**
 * While an admin's session views Stoop as someone else (set-user), every signed-in
 * screen says so above the screen, with the way to end it: Stop switches the session back to the
 * admin and reloads, so nothing drawn for the viewed account stays on screen.
 */
import { useState } from 'react';
import { TEXTS } from '@stoop/shared/texts';
import { logger } from '../../services/logger/logger.ts';
import { toast } from '../../services/ui/toast.ts';
import { useAuthStore } from '../../stores/auth.ts';

export function ViewingAsBanner() {
  const viewer = useAuthStore((state) => state.viewer);
  const stopViewingAs = useAuthStore((state) => state.stopViewingAs);
  const user = useAuthStore((state) => state.user);
  const [stopping, setStopping] = useState(false);
  if (!viewer || !user) return null;

  const stop = async () => {
    setStopping(true);
    try {
      await stopViewingAs();
      window.location.assign('/');
    } catch (error) {
      logger.error('Failed to stop viewing as another account', error);
      toast.error(TEXTS.viewingAsStopFailed);
      setStopping(false);
    }
  };

  return (
    <div
      role="status"
      data-testid="viewing-as-banner"
      className="flex shrink-0 flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-amber-100 px-3 py-2 text-sm text-amber-950"
    >
      <span className="min-w-0 break-words font-medium">{TEXTS.viewingAs(user.username)}</span>
      <button
        type="button"
        onClick={() => void stop()}
        disabled={stopping}
        className="rounded border border-amber-700 bg-white px-3 py-1 font-semibold text-amber-900 hover:bg-amber-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-amber-700 disabled:opacity-60"
      >
        {TEXTS.viewingAsStop}
      </button>
    </div>
  );
}
