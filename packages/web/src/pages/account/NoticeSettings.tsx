/**
 * R-REACH-8: how each kind of notice reaches the resident (push, mail, both or none), the daily
 * digest and quiet hours, saved whole with PUT /api/notification-settings. Quiet hours are read in
 * the time zone of this browser, which is saved with them.
 */
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type NoticeChannel,
  type NoticeKind,
  type NotificationSettings,
} from '@stoop/shared';
import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { errorMessage } from '../../components/form/validate.ts';
import { Button } from '../../components/ui/Button.tsx';
import { ErrorState, LoadingState } from '../../components/ui/LoadStates.tsx';
import { loadNotificationSettings, saveNotificationSettings } from '../../stores/account.ts';
import { toast } from '../../services/ui/toast.ts';

const KINDS: readonly { kind: NoticeKind; label: string; hint: string }[] = [
  { kind: 'direct', label: 'Direct messages', hint: 'A neighbour writes to you directly.' },
  {
    kind: 'mentions',
    label: 'Mentions and replies',
    hint: 'Someone mentions you or replies to your thread.',
  },
  { kind: 'announcements', label: 'Announcements', hint: 'News from the building office.' },
  {
    kind: 'urgent',
    label: 'Urgent announcements',
    hint: 'Water off, fire alarm tests, a broken lift. These pass quiet hours.',
  },
  { kind: 'requests', label: 'Building requests', hint: 'The office answers or updates a request of yours.' },
  { kind: 'events', label: 'Events', hint: 'New events and changes to those you joined.' },
];

const CHANNELS: readonly { value: NoticeChannel; label: string }[] = [
  { value: 'both', label: 'Push and mail' },
  { value: 'push', label: 'Push only' },
  { value: 'mail', label: 'Mail only' },
  { value: 'none', label: 'Off' },
];

const DEFAULT_QUIET = { start: '22:00', end: '07:00' };

/** The browser's time zone, which quiet hours and the digest hour follow. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const card = 'space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6';
const control =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-100 sm:text-sm';

function ChannelRow({
  label,
  hint,
  value,
  onChange,
}: {
  label: string;
  hint: string;
  value: NoticeChannel;
  onChange: (value: NoticeChannel) => void;
}) {
  const id = useId();
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
      <div className="min-w-0">
        <label htmlFor={id} className="block text-sm font-medium text-slate-900">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      </div>
      <select
        id={id}
        value={value}
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.value as NoticeChannel)}
        className={`${control} sm:w-44 sm:shrink-0`}
      >
        {CHANNELS.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </li>
  );
}

function QuietHours({
  value,
  onChange,
}: {
  value: NotificationSettings['quietHours'];
  onChange: (value: NotificationSettings['quietHours']) => void;
}) {
  const id = useId();
  const on = value !== null;
  return (
    <fieldset className="space-y-3">
      <legend className="sr-only">Quiet hours</legend>
      <label className="flex items-start gap-3 text-sm text-slate-900">
        <input
          type="checkbox"
          className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
          checked={on}
          onChange={(e) => onChange(e.target.checked ? DEFAULT_QUIET : null)}
        />
        <span>
          <span className="block font-medium">Quiet hours</span>
          <span className="block text-xs text-slate-600">
            No push or mail between these times, except urgent announcements. Mail waits until they end.
          </span>
        </span>
      </label>
      {value ? (
        <div className="grid grid-cols-2 gap-3 sm:max-w-sm">
          <div>
            <label htmlFor={`${id}-from`} className="block text-sm font-medium text-slate-800">
              From
            </label>
            <input
              id={`${id}-from`}
              type="time"
              required
              value={value.start}
              onChange={(e) => onChange({ ...value, start: e.target.value })}
              className={`${control} mt-1.5`}
            />
          </div>
          <div>
            <label htmlFor={`${id}-to`} className="block text-sm font-medium text-slate-800">
              Until
            </label>
            <input
              id={`${id}-to`}
              type="time"
              required
              value={value.end}
              onChange={(e) => onChange({ ...value, end: e.target.value })}
              className={`${control} mt-1.5`}
            />
          </div>
        </div>
      ) : null}
    </fieldset>
  );
}

const same = (a: NotificationSettings, b: NotificationSettings) => JSON.stringify(a) === JSON.stringify(b);

export function NoticeSettings() {
  const [saved, setSaved] = useState<NotificationSettings | null>(null);
  const [draft, setDraft] = useState<NotificationSettings | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(() => {
    setFailed(null);
    loadNotificationSettings()
      .then((settings) => {
        setSaved(settings);
        setDraft(settings);
      })
      .catch((error: unknown) => setFailed(errorMessage(error, 'Please check your connection.')));
  }, []);
  useEffect(load, [load]);

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    setBusy(true);
    try {
      // Quiet hours and the digest hour follow the device the resident sets them on.
      const settings = await saveNotificationSettings({ ...draft, timeZone: browserTimeZone() });
      setSaved(settings);
      setDraft(settings);
      toast.success('Your notification settings were saved.');
    } catch (error) {
      toast.error(errorMessage(error, 'Your notification settings could not be saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className={card} aria-labelledby="notice-settings-title" aria-busy={draft === null}>
      <div>
        <h2 id="notice-settings-title" className="text-base font-semibold text-slate-900">
          What reaches you, and how
        </h2>
        <p className="mt-1 text-sm leading-6 text-slate-600">
          Mail goes out only when you have not seen something in the app for a few minutes, gathered into one
          mail. Muted conversations stay quiet.
        </p>
      </div>
      {failed ? (
        <ErrorState
          message="Your notification settings could not be loaded."
          detail={failed}
          onRetry={load}
        />
      ) : !draft || !saved ? (
        <LoadingState label="Loading your notification settings…" space="py-8" />
      ) : (
        <form className="space-y-5" onSubmit={(e) => void save(e)}>
          {same(saved, DEFAULT_NOTIFICATION_SETTINGS) ? (
            <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
              You have not changed anything yet: these are the settings every resident starts with.
            </p>
          ) : null}
          <ul className="divide-y divide-slate-100" aria-label="Kinds of notification">
            {KINDS.map(({ kind, label, hint }) => (
              <ChannelRow
                key={kind}
                label={label}
                hint={hint}
                value={draft.channels[kind]}
                onChange={(value) => setDraft({ ...draft, channels: { ...draft.channels, [kind]: value } })}
              />
            ))}
          </ul>
          <label className="flex items-start gap-3 text-sm text-slate-900">
            <input
              type="checkbox"
              className="mt-0.5 h-5 w-5 shrink-0 accent-brand-700"
              checked={draft.dailyDigest}
              onChange={(e) => setDraft({ ...draft, dailyDigest: e.target.checked })}
            />
            <span>
              <span className="block font-medium">Daily digest</span>
              <span className="block text-xs text-slate-600">
                One mail a day in the morning instead of a mail after each wait. Urgent announcements still
                come at once.
              </span>
            </span>
          </label>
          <QuietHours
            value={draft.quietHours}
            onChange={(quietHours) => setDraft({ ...draft, quietHours })}
          />
          <p className="text-xs text-slate-600">Times are in your time zone, {browserTimeZone()}.</p>
          <div className="flex flex-wrap items-center gap-3">
            <Button
              type="submit"
              busy={busy}
              disabled={same(saved, draft) && saved.timeZone === browserTimeZone()}
            >
              Save notification settings
            </Button>
            {!same(saved, draft) ? (
              <Button variant="ghost" onClick={() => setDraft(saved)}>
                Undo changes
              </Button>
            ) : null}
          </div>
        </form>
      )}
    </section>
  );
}
