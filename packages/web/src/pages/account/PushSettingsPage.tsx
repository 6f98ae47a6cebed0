/**
 * /account_settings/notifications (R-PUSH-9): push on this device (an explanation, then a button
 * asking permission from that click), the resident's devices with remove, and sign out everywhere.
 */
import type { PushDevice } from '@stoop/shared';
import { Bell, BellOff, LogOut, Monitor, Smartphone } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { AppShell } from '../../components/shell/AppShell.tsx';
import { AccountSidebar } from './AccountSidebar.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { errorMessage } from '../../components/form/validate.ts';
import { callApi } from '../../services/http/client.ts';
import { pushAvailable, pushOnHere, turnPushOff, turnPushOn } from '../../services/push/device-push.ts';
import { toast } from '../../services/ui/toast.ts';
import { useAuthStore } from '../../stores/auth.ts';

const PLATFORM_LABELS: Record<PushDevice['platform'], string> = {
  web: 'Web browser',
  android: 'Android phone',
  ios: 'iPhone or iPad',
};

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const when = (iso: string) => dateFormat.format(new Date(iso));

const card = 'space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';

function ThisDevicePush({ onChanged }: { onChanged: () => void }) {
  const [on, setOn] = useState<boolean | null>(null);
  const [busy, setBusy] = useState(false);
  const available = pushAvailable();

  useEffect(() => {
    let live = true;
    pushOnHere()
      .then((value) => live && setOn(value))
      .catch(() => live && setOn(false));
    return () => {
      live = false;
    };
  }, []);

  // Both run straight from the click: the browser shows its permission prompt only then.
  async function enable() {
    setBusy(true);
    const result = await turnPushOn();
    setBusy(false);
    // R-PUSH-3: a refusal stops here without a word; a failure was logged.
    if (result === 'enabled') {
      setOn(true);
      onChanged();
    }
  }
  async function disable() {
    setBusy(true);
    const done = await turnPushOff();
    setBusy(false);
    if (done) {
      setOn(false);
      onChanged();
    }
  }

  return (
    <section className={card} aria-labelledby="push-here-title">
      <h2 id="push-here-title" className="text-base font-semibold text-slate-900">
        Push notifications on this device
      </h2>
      <p className="text-sm leading-6 text-slate-600">
        Get a notification when a neighbour mentions you, replies to you, likes your message or writes to you
        directly, and for the building&rsquo;s announcements &mdash; even when Stoop is closed. Conversations
        you muted stay quiet, except urgent announcements. Your browser or phone will ask you to allow
        notifications.
      </p>
      {!available ? (
        <p className="text-sm text-slate-600">
          This browser cannot receive push notifications. On an iPhone, add Stoop to your home screen first.
        </p>
      ) : on === null ? (
        <Spinner />
      ) : on ? (
        <div className="flex flex-wrap items-center gap-3">
          <span className="inline-flex items-center gap-2 text-sm font-medium text-emerald-700">
            <Bell className="h-4 w-4" aria-hidden="true" /> On for this device
          </span>
          <Button variant="secondary" busy={busy} onClick={() => void disable()}>
            <BellOff className="h-4 w-4" aria-hidden="true" /> Turn off
          </Button>
        </div>
      ) : (
        <Button busy={busy} onClick={() => void enable()}>
          <Bell className="h-4 w-4" aria-hidden="true" /> Turn on push notifications
        </Button>
      )}
    </section>
  );
}

function DeviceRow({ device, onRemove }: { device: PushDevice; onRemove: (id: string) => Promise<void> }) {
  const [busy, setBusy] = useState(false);
  const Icon = device.platform === 'web' ? Monitor : Smartphone;
  const label = PLATFORM_LABELS[device.platform];
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <Icon className="h-5 w-5 shrink-0 text-slate-500" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-medium text-slate-900">
          {label}
          {device.thisDevice ? (
            <span className="ml-2 inline-block whitespace-nowrap rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800">
              This device
            </span>
          ) : null}
        </p>
        <p className="text-xs text-slate-600">
          Added {when(device.createdAt)} ·{' '}
          {device.lastUsedAt ? `last notified ${when(device.lastUsedAt)}` : 'not notified yet'}
        </p>
      </div>
      <Button
        variant="ghost"
        busy={busy}
        aria-label={`Remove ${label}${device.thisDevice ? ' (this device)' : ''}, added ${when(device.createdAt)}`}
        onClick={() => {
          setBusy(true);
          void onRemove(device.id).finally(() => setBusy(false));
        }}
      >
        Remove
      </Button>
    </li>
  );
}

function Devices({
  devices,
  onRemove,
}: {
  devices: PushDevice[] | null;
  onRemove: (id: string) => Promise<void>;
}) {
  return (
    <section className={card} aria-labelledby="devices-title">
      <h2 id="devices-title" className="text-base font-semibold text-slate-900">
        Your devices
      </h2>
      {devices === null ? (
        <Spinner />
      ) : devices.length === 0 ? (
        <p className="text-sm text-slate-600">
          No device receives your push notifications yet. Turn them on above on each phone or browser you use.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Your devices">
          {devices.map((device) => (
            <DeviceRow key={device.id} device={device} onRemove={onRemove} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SignOutEverywhere() {
  const logout = useAuthStore((s) => s.logout);
  const [busy, setBusy] = useState(false);
  async function signOutEverywhere() {
    setBusy(true);
    try {
      await callApi('unregisterPushToken', { query: { all: 'true' } });
      // Every session of the account ends on the server, this one too (R-SESSION-13).
      await callApi('logoutEverywhere');
    } catch (error) {
      toast.error(errorMessage(error, 'Your devices could not be signed out. Please try again.'));
      setBusy(false);
      return;
    }
    await logout();
  }
  return (
    <section className={card} aria-labelledby="everywhere-title">
      <h2 id="everywhere-title" className="text-base font-semibold text-slate-900">
        Sign out everywhere
      </h2>
      <p className="text-sm leading-6 text-slate-600">
        Stops push notifications on all your devices and signs you out here. Use it when you lost a phone or
        used a shared computer.
      </p>
      <Button variant="danger" busy={busy} onClick={() => void signOutEverywhere()}>
        <LogOut className="h-4 w-4" aria-hidden="true" /> Sign out everywhere
      </Button>
    </section>
  );
}

export default function PushSettingsPage() {
  const [devices, setDevices] = useState<PushDevice[] | null>(null);

  const load = useCallback(() => {
    callApi('listPushDevices')
      .then((answer) => setDevices(answer.devices))
      .catch((error: unknown) => {
        setDevices([]);
        toast.error(errorMessage(error, 'Your devices could not be loaded.'));
      });
  }, []);
  useEffect(load, [load]);

  const remove = async (id: string) => {
    try {
      await callApi('removePushDevice', { params: { id } });
      setDevices((current) => current?.filter((d) => d.id !== id) ?? null);
      toast.success('The device no longer receives push notifications.');
    } catch (error) {
      toast.error(errorMessage(error, 'The device could not be removed. Please try again.'));
    }
  };

  const sidebar = <AccountSidebar />;
  return (
    <AppShell sidebarLabel="Navigation" sidebar={sidebar}>
      <div className="mx-auto w-full max-w-3xl space-y-6 px-4 py-6 sm:px-6 sm:py-10">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Push notifications</h1>
          <p className="mt-1 text-sm text-slate-600">Choose where Stoop may reach you.</p>
        </div>
        <ThisDevicePush onChanged={load} />
        <Devices devices={devices} onRemove={remove} />
        <SignOutEverywhere />
      </div>
    </AppShell>
  );
}
