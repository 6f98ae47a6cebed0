/**
 * Create an event: title, start, end, location, description and, optionally,
 * a channel to post its card in. Given an `event`, the same form changes it (its place
 * stays). The shared schema checks the form before it is sent; what it or the server refuses shows
 * as a toast.
 */
import { useMemo, useRef, useState, type FormEvent } from 'react';
import { createEventBodySchema, updateEventBodySchema, type EventView } from '@stoop/shared';
import { EVENT_DESCRIPTION_MAX, EVENT_LOCATION_MAX, EVENT_TITLE_MAX } from '@stoop/shared/constants';
import { toast } from '../../services/ui/toast.ts';
import { useConversationsStore } from '../../stores/conversations.ts';
import { useEventsStore } from '../../stores/events.ts';
import { ChatDialogFrame } from '../chat/ChatDialogFrame.tsx';
import { useDialogFocus } from '../chat/dialog-focus.ts';

interface Props {
  onClose: () => void;
  /** The event created, or changed when `event` was given. */
  onCreated: (event: EventView) => void;
  /** Opened from a conversation's composer: the event is posted there (no channel to choose). */
  conversationId?: string;
  /** The event to change; the form starts with its values. */
  event?: EventView;
}

const field =
  'mt-1 w-full min-w-0 rounded-lg border border-slate-300 px-3 py-2 text-sm focus:border-brand-600 focus:outline-none';
const label = 'text-sm font-medium text-slate-800';
const HOUR = 3600_000;

/** A Date as the value of an <input type="datetime-local"> (local time, minutes). */
function localValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * The end after the start moved (R-EVENT-14): it keeps the event's length, as calendar apps do; an
 * end that cannot be read is left for the resident to fix.
 */
export function endFollowingStart(previousStart: string, nextStart: string, end: string): string {
  const before = new Date(previousStart).getTime();
  const after = new Date(nextStart).getTime();
  const ends = new Date(end).getTime();
  if ([before, after, ends].some(Number.isNaN)) return end;
  const length = ends > before ? ends - before : HOUR;
  return localValue(new Date(after + length));
}

const isoOf = (local: string) => {
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
};

export function CreateEventDialog({
  onClose,
  onCreated,
  conversationId: fixedConversation,
  event: editing,
}: Props) {
  const titleRef = useRef<HTMLInputElement>(null);
  const focus = useDialogFocus((open) => (open ? undefined : onClose()), titleRef);
  const conversations = useConversationsStore((s) => s.conversations);
  const channels = useMemo(() => conversations.filter((c) => c.type === 'channel'), [conversations]);
  const create = useEventsStore((s) => s.create);
  const update = useEventsStore((s) => s.update);
  const nextHour = new Date(Math.ceil(Date.now() / HOUR) * HOUR + HOUR);
  const [title, setTitle] = useState(editing?.title ?? '');
  const [startsAt, setStartsAt] = useState(localValue(editing ? new Date(editing.startsAt) : nextHour));
  const [endsAt, setEndsAt] = useState(
    localValue(editing ? new Date(editing.endsAt) : new Date(nextHour.getTime() + HOUR)),
  );
  const [location, setLocation] = useState(editing?.location ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [conversationId, setConversationId] = useState(fixedConversation ?? '');
  const [busy, setBusy] = useState(false);

  const save = async (target: EventView) => {
    const parsed = updateEventBodySchema.safeParse({
      title,
      startsAt: isoOf(startsAt),
      endsAt: isoOf(endsAt),
      location,
      description,
    });
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? 'Please check the event.');
      return;
    }
    setBusy(true);
    const saved = await update(target.id, parsed.data);
    setBusy(false);
    if (saved) onCreated(saved);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    if (editing) {
      await save(editing);
      return;
    }
    const parsed = createEventBodySchema.safeParse({
      title,
      startsAt: isoOf(startsAt),
      endsAt: isoOf(endsAt),
      location,
      description,
      conversationId: conversationId || null,
    });
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? 'Please check the event.');
      return;
    }
    setBusy(true);
    const made = await create(parsed.data);
    setBusy(false);
    if (made) onCreated(made);
  };

  return (
    <ChatDialogFrame
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={editing ? 'Edit event' : 'New event'}
      description={
        editing
          ? 'Everyone who is going or may go is told of the change.'
          : fixedConversation
            ? 'Its card is posted in this conversation; everyone here can answer.'
            : 'Invite your neighbours; they answer going, maybe or can’t go.'
      }
      focus={focus}
      scrolls
    >
      <form className="mt-4 flex min-h-0 flex-col gap-3 overflow-y-auto" onSubmit={(e) => void submit(e)}>
        <label className={label}>
          Title
          <input
            ref={titleRef}
            className={field}
            required
            maxLength={EVENT_TITLE_MAX}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
          />
        </label>
        {/* One above the other: two date-and-time fields side by side do not fit a phone or this dialog. */}
        <div className="grid min-w-0 gap-3">
          <label className={label}>
            Starts
            <input
              type="datetime-local"
              className={field}
              required
              value={startsAt}
              onChange={(e) => {
                setEndsAt(endFollowingStart(startsAt, e.target.value, endsAt));
                setStartsAt(e.target.value);
              }}
            />
          </label>
          <label className={label}>
            Ends
            <input
              type="datetime-local"
              className={field}
              required
              value={endsAt}
              onChange={(e) => setEndsAt(e.target.value)}
            />
          </label>
        </div>
        <label className={label}>
          Location
          <input
            className={field}
            required
            maxLength={EVENT_LOCATION_MAX}
            value={location}
            onChange={(e) => setLocation(e.target.value)}
          />
        </label>
        <label className={label}>
          Description (optional)
          <textarea
            className={field}
            rows={3}
            maxLength={EVENT_DESCRIPTION_MAX}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
        </label>
        {fixedConversation || editing ? null : (
          <label className={label}>
            Post in a channel (optional)
            <select
              className={field}
              value={conversationId}
              onChange={(e) => setConversationId(e.target.value)}
            >
              <option value="">No channel: the whole building</option>
              {channels.map((c) => (
                <option key={c.id} value={c.id}>
                  #{c.name}
                </option>
              ))}
            </select>
          </label>
        )}
        <button
          type="submit"
          className="self-end rounded-lg bg-brand-700 px-4 py-2 text-sm font-medium text-white hover:bg-brand-800 disabled:opacity-50"
          disabled={busy}
        >
          {editing ? (busy ? 'Saving…' : 'Save changes') : busy ? 'Creating…' : 'Create event'}
        </button>
      </form>
    </ChatDialogFrame>
  );
}
