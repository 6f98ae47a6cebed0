/**
 * The android and ios apps signed in to the account (R-NATIVE-13): platform, since when, last use,
 * and Sign out for each (revokes its token and closes its sockets at once). Signing out the app
 * this screen runs in is the ordinary sign-out.
 */
import type { NativeSessionsResponse } from '@stoop/shared';
import { Smartphone } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { DeviceRow } from '../../components/ui/DeviceRow.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { errorMessage } from '../../components/form/validate.ts';
import { listSignedInApps, signOutApp } from '../../stores/account.ts';
import { toast } from '../../services/ui/toast.ts';
import { useAuthStore } from '../../stores/auth.ts';

type NativeSession = NativeSessionsResponse['sessions'][number];

const APP_LABELS: Record<NonNullable<NativeSession['platform']>, string> = {
  android: 'Android app',
  ios: 'iPhone or iPad app',
};

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => dateFormat.format(new Date(iso));

function AppRow({
  app,
  onSignOut,
}: {
  app: NativeSession;
  onSignOut: (app: NativeSession) => Promise<void>;
}) {
  const label = app.platform ? APP_LABELS[app.platform] : 'Mobile app';
  return (
    <DeviceRow
      icon={Smartphone}
      label={label}
      thisDevice={app.thisDevice}
      detail={`Signed in on ${app.platform ?? 'a phone'} ${when(app.createdAt)}, ${
        app.lastUsedAt ? `last used ${when(app.lastUsedAt)}` : 'not used since'
      }`}
      action="Sign out"
      actionLabel={`Sign out ${label}${app.thisDevice ? ' (this device)' : ''}, signed in ${when(app.createdAt)}`}
      onAction={() => onSignOut(app)}
    />
  );
}

export function SignedInApps() {
  const [apps, setApps] = useState<NativeSession[] | null>(null);
  const logout = useAuthStore((s) => s.logout);

  const load = useCallback(() => {
    listSignedInApps()
      .then(setApps)
      .catch((error: unknown) => {
        setApps([]);
        toast.error(errorMessage(error, 'Your signed-in apps could not be loaded.'));
      });
  }, []);
  useEffect(load, [load]);

  const signOut = async (app: NativeSession) => {
    if (app.thisDevice) {
      await logout();
      return;
    }
    try {
      await signOutApp(app.id);
      setApps((current) => current?.filter((a) => a.id !== app.id) ?? null);
      toast.success('The app was signed out.');
    } catch (error) {
      toast.error(errorMessage(error, 'The app could not be signed out. Please try again.'));
    }
  };

  return (
    <section
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      aria-labelledby="apps-title"
    >
      <h2 id="apps-title" className="text-base font-semibold text-slate-900">
        Signed-in apps
      </h2>
      {apps === null ? (
        <Spinner />
      ) : apps.length === 0 ? (
        <p className="text-sm text-slate-600">
          No Stoop app on a phone or tablet is signed in to your account.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Signed-in apps">
          {apps.map((app) => (
            <AppRow key={app.id} app={app} onSignOut={signOut} />
          ))}
        </ul>
      )}
    </section>
  );
}
