/**
 * Notices when a locked account is unlocked: re-checks the session every
 * APPROVAL_POLL_INTERVAL_MS, when the window regains focus and when the tab becomes visible, and
 * moves on once the user is no longer locked. A locked account has no socket (R-RT-1), so asking
 * is the only way to hear of it; the check is a cached session lookup on the server, cheap enough
 * to make every few seconds. A rejected sign-up has no session any more: the user becomes null and
 * the page goes to the login.
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { APPROVAL_POLL_INTERVAL_MS } from '@stoop/shared/constants';
import { PATHS } from '../../navigation/paths.ts';
import { toast } from '../../services/ui/toast.ts';
import { useAuthStore } from '../../stores/auth.ts';

export function useApprovalWatch(): void {
  const navigate = useNavigate();
  const user = useAuthStore((s) => s.user);
  const loadCurrentUser = useAuthStore((s) => s.loadCurrentUser);

  // React to every change of the user, whoever caused it (poll, focus, another tab's logout).
  useEffect(() => {
    if (user === null) {
      void navigate(PATHS.login, { replace: true });
    } else if (!user.isLocked) {
      toast.success('Your account was approved. Welcome to Stoop!');
      void navigate(PATHS.root, { replace: true });
    }
  }, [user, navigate]);

  useEffect(() => {
    const check = () => {
      void loadCurrentUser();
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') check();
    };
    const timer = window.setInterval(check, APPROVAL_POLL_INTERVAL_MS);
    window.addEventListener('focus', check);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('focus', check);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [loadCurrentUser]);
}
