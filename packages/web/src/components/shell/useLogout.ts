/** Logs out through the auth store and lands on the login page, for every logout control. */
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { PATHS } from '../../navigation/paths.ts';
import { useAuthStore } from '../../stores/auth.ts';

export function useLogout(): { logout: () => Promise<void>; busy: boolean } {
  const logoutInStore = useAuthStore((s) => s.logout);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const logout = useCallback(async () => {
    setBusy(true);
    try {
      await logoutInStore();
      await navigate(PATHS.login, { replace: true });
    } finally {
      setBusy(false);
    }
  }, [logoutInStore, navigate]);
  return { logout, busy };
}
