/**
 * A poll message's card (R-POLL-1..3): the question, each option with its count as a bar,
 * the reader's vote marked, and the vote itself. A single-choice poll votes on a click (a click on
 * another option changes the vote); a multiple-choice one takes ticks and a Vote button. Closed
 * polls show the result only. Counts follow poll:updated through the polls store.
 */
import { BarChart3, Check } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { PollView } from '@stoop/shared';
import { NO_POLL_ABILITIES } from '@stoop/shared/no-abilities';
import { usePollsStore } from '../../stores/polls.ts';
import { useUsersStore } from '../../stores/users.ts';
import { CardPlaceholder, cardFrame } from './CardPlaceholder.tsx';

export function PollCard({ pollId }: { pollId: string }) {
  const poll = usePollsStore((s) => s.byId[pollId]);
  const failed = usePollsStore((s) => s.failed[pollId] === true);
  const load = usePollsStore((s) => s.load);

  useEffect(() => {
    if (!usePollsStore.getState().byId[pollId]) void load(pollId);
  }, [pollId, load]);

  if (poll) return <LoadedPoll poll={poll} />;
  return <CardPlaceholder what="poll" failed={failed} onRetry={() => void load(pollId)} />;
}

function LoadedPoll({ poll }: { poll: PollView }) {
  const vote = usePollsStore((s) => s.vote);
  const closePoll = usePollsStore((s) => s.close);
  // The server says whether this reader may vote and end the vote early.
  const abilities = poll.abilities ?? NO_POLL_ABILITIES;
  const mayClose = abilities.close;
  const users = useUsersStore((s) => s.byId);
  const [ticked, setTicked] = useState<string[]>(poll.myOptionIds);
  const [busy, setBusy] = useState(false);
  const voted = poll.myOptionIds.length > 0;

  const send = async (optionIds: string[]) => {
    setBusy(true);
    await vote(poll.id, optionIds);
    setBusy(false);
  };
  const close = async () => {
    setBusy(true);
    await closePoll(poll.id);
    setBusy(false);
  };
  const choose = (optionId: string) => {
    if (poll.multiple) {
      setTicked((t) => (t.includes(optionId) ? t.filter((id) => id !== optionId) : [...t, optionId]));
      return;
    }
    if (poll.myOptionIds[0] !== optionId) void send([optionId]);
  };

  const chosen = new Set(poll.multiple ? ticked : poll.myOptionIds);
  const status = poll.closed
    ? 'Closed'
    : poll.closesAt
      ? `Closes ${new Date(poll.closesAt).toLocaleString()}`
      : poll.multiple
        ? 'Choose any'
        : 'Choose one';
  return (
    <section className={cardFrame} aria-label={`Poll: ${poll.question}`}>
      <p className="flex items-center gap-2 text-xs font-medium uppercase tracking-wide text-slate-500">
        <BarChart3 className="h-4 w-4" aria-hidden="true" />
        {poll.anonymous ? 'Anonymous poll' : 'Poll'} · {status}
      </p>
      <p className="mt-1 break-words font-semibold text-slate-900">{poll.question}</p>
      <ul className="mt-2 space-y-1.5">
        {poll.options.map((option) => {
          const share = poll.voterCount === 0 ? 0 : Math.round((option.votes / poll.voterCount) * 100);
          const names = option.voterIds.map((id) => users[id]?.username).filter(Boolean);
          const mine = chosen.has(option.id);
          return (
            <li key={option.id}>
              <button
                type="button"
                className="relative flex w-full items-center gap-2 overflow-hidden rounded-lg border border-slate-200 px-3 py-2 text-left text-sm hover:border-brand-600 disabled:cursor-default disabled:hover:border-slate-200"
                aria-pressed={mine}
                disabled={!abilities.vote || busy}
                title={names.length > 0 ? names.join(', ') : undefined}
                onClick={() => choose(option.id)}
              >
                <span
                  className={`absolute inset-y-0 left-0 ${mine ? 'bg-brand-100' : 'bg-slate-100'}`}
                  style={{ width: `${share}%` }}
                  aria-hidden="true"
                />
                <span className="relative flex h-4 w-4 shrink-0 items-center justify-center">
                  {mine ? <Check className="h-4 w-4 text-brand-700" aria-label="your choice" /> : null}
                </span>
                <span className="relative min-w-0 flex-1 break-words text-slate-800">{option.text}</span>
                <span className="relative shrink-0 tabular-nums text-slate-600" data-testid="poll-votes">
                  {option.votes} {option.votes === 1 ? 'vote' : 'votes'}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-xs text-slate-500">
        <span aria-live="polite">
          {poll.voterCount} {poll.voterCount === 1 ? 'resident voted' : 'residents voted'}
          {voted && !poll.closed && !poll.multiple ? ' · choose another option to change your vote' : ''}
        </span>
        <span className="flex gap-2">
          {mayClose ? (
            <button
              type="button"
              className="rounded-lg border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50"
              disabled={busy}
              onClick={() => void close()}
            >
              Close poll
            </button>
          ) : null}
          {poll.multiple && abilities.vote ? (
            <button
              type="button"
              className="rounded-lg bg-brand-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-brand-800 disabled:opacity-50"
              disabled={busy || ticked.length === 0}
              onClick={() => void send(ticked)}
            >
              {voted ? 'Change vote' : 'Vote'}
            </button>
          ) : null}
        </span>
      </div>
    </section>
  );
}
