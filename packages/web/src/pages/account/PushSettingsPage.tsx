/**
 * /account_settings/notifications: what reaches the resident by
 * push or mail, the daily digest and quiet hours; push on this device (an explanation, then a button
 * asking permission from that click), the resident's devices with remove, the apps signed in to the
 * account and sign out everywhere.
 */
import type { PushDevice } from '@stoop/shared';
import { Bell, BellOff, LogOut, Monitor, Smartphone } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { AppShell } from '../../components/shell/AppShell.tsx';
import { AccountSidebar } from './AccountSidebar.tsx';
import { NoticeSettings } from './NoticeSettings.tsx';
import { SignedInApps } from './SignedInApps.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { DeviceRow } from '../../components/ui/DeviceRow.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { errorMessage } from '../../components/form/validate.ts';
import { endEverySession, listPushDevices, removePushDevice } from '../../stores/account.ts';
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
    // A refusal stops here without a word; a failure was logged.
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

function PushDeviceRow({
  device,
  onRemove,
}: {
  device: PushDevice;
  onRemove: (id: string) => Promise<void>;
}) {
  const label = PLATFORM_LABELS[device.platform];
  return (
    <DeviceRow
      icon={device.platform === 'web' ? Monitor : Smartphone}
      label={label}
      thisDevice={device.thisDevice}
      detail={`Added ${when(device.createdAt)} · ${
        device.lastUsedAt ? `last notified ${when(device.lastUsedAt)}` : 'not notified yet'
      }`}
      action="Remove"
      actionLabel={`Remove ${label}${device.thisDevice ? ' (this device)' : ''}, added ${when(device.createdAt)}`}
      onAction={() => onRemove(device.id)}
    />
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
            <PushDeviceRow key={device.id} device={device} onRemove={onRemove} />
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
      await endEverySession();
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
        Stops push notifications on all your devices and signs you out of every browser and app, this one too.
        Use it when you lost a phone or used a shared computer.
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
    listPushDevices()
      .then(setDevices)
      .catch((error: unknown) => {
        setDevices([]);
        toast.error(errorMessage(error, 'Your devices could not be loaded.'));
      });
  }, []);
  useEffect(load, [load]);

  const remove = async (id: string) => {
    try {
      await removePushDevice(id);
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
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Notifications</h1>
          <p className="mt-1 text-sm text-slate-600">Choose where Stoop may reach you.</p>
        </div>
        <NoticeSettings />
        <ThisDevicePush onChanged={load} />
        <Devices devices={devices} onRemove={remove} />
        <SignedInApps />
        <SignOutEverywhere />
      </div>
    </AppShell>
  );
}
