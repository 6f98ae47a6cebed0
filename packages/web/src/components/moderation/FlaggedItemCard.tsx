/**
 * One flagged message for admins (R-ADMIN-10): where it was posted, the message in its context
 * (two before, two after), its author, who flagged it and when, and the actions: dismiss, hide,
 * delete and lock author (the last two confirmed first).
 */
import { REPORT_REASON_LABELS } from '../../services/chat/report-reasons.ts';
import { EyeOff, Flag, Hash, Lock, MessageCircle, ShieldCheck, Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { FlaggedItem, Message, PublicUser } from '@stoop/shared';
import { TEXTS } from '@stoop/shared/texts';
import { Attachment, MessageText } from '../chat/MessageBody.tsx';
import { UserAvatar } from '../shell/UserAvatar.tsx';
import { Button } from '../ui/Button.tsx';
import type { FlaggedAction } from '../../stores/flagged.ts';

interface Props {
  item: FlaggedItem;
  /** The action running on this item, if any: its button spins, the others wait. */
  busy: FlaggedAction | null;
  onAction: (action: FlaggedAction) => void;
}

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const formatWhen = (iso: string) => when.format(new Date(iso));

/** Confirmed actions: the question asked before they run. */
const CONFIRM: Partial<Record<FlaggedAction, { question: string; yes: string }>> = {
  delete: { question: 'Delete this message for everyone?', yes: 'Delete' },
  lock: { question: 'Lock the author’s account?', yes: 'Lock author' },
};

function ContextLine({ message, author }: { message: Message; author: string }) {
  return (
    <li className="flex flex-col gap-0.5 border-l-2 border-slate-200 py-1 pl-3 text-slate-600">
      <span className="text-xs">
        <span className="font-medium text-slate-700">{author}</span> ·{' '}
        <time dateTime={message.createdAt}>{formatWhen(message.createdAt)}</time>
      </span>
      {message.deletedAt ? (
        <span className="text-sm italic">Deleted message</span>
      ) : (
        <MessageText content={message.content} mentionedUserIds={message.metadata.mentionedUsers} />
      )}
    </li>
  );
}

export function FlaggedItemCard({ item, busy, onAction }: Props) {
  const [confirming, setConfirming] = useState<FlaggedAction | null>(null);
  const { message, author, conversation } = item;
  const names = new Map<string, string>(
    [...item.contextAuthors, author].map((u: PublicUser) => [u.id, u.username]),
  );
  const nameOf = (id: string) => names.get(id) ?? 'Someone';
  const headingId = `flagged-${message.id}`;
  const run = (action: FlaggedAction) => {
    if (CONFIRM[action] && confirming !== action) {
      setConfirming(action);
      return;
    }
    setConfirming(null);
    onAction(action);
  };
  const question = confirming ? CONFIRM[confirming] : undefined;

  return (
    <article
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4"
      aria-labelledby={headingId}
      data-flagged-message-id={message.id}
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="flex min-w-0 items-center gap-1.5 text-sm font-semibold text-slate-900">
          {conversation.type === 'channel' ? (
            <Hash className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
          ) : (
            <MessageCircle className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
          )}
          <span className="truncate">
            {conversation.type === 'channel' ? conversation.name : 'Direct message'}
          </span>
        </h2>
        <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800">
          <Flag className="h-3 w-3" aria-hidden="true" />
          {item.flags.length} {item.flags.length === 1 ? 'flag' : 'flags'}
        </span>
      </header>

      <ol className="flex flex-col gap-1" aria-label="The message in context">
        {item.before.map((m) => (
          <ContextLine key={m.id} message={m} author={nameOf(m.userId)} />
        ))}
        <li
          className="flex gap-3 rounded-lg border border-amber-300 bg-amber-50/60 p-2"
          aria-label={`Flagged message by ${author.username}`}
        >
          <UserAvatar name={author.username} src={author.avatar} className="mt-0.5 h-8 w-8 text-xs" />
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-baseline gap-x-2 text-xs text-slate-600">
              <span className="text-sm font-semibold text-slate-900">{author.username}</span>
              <time dateTime={message.createdAt}>{formatWhen(message.createdAt)}</time>
              {author.isLocked ? (
                <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-slate-700">
                  <Lock className="h-3 w-3" aria-hidden="true" /> Author locked
                </span>
              ) : null}
              {message.metadata.adminHidden ? (
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-slate-700">
                  {TEXTS.messageHiddenMark}
                </span>
              ) : null}
            </p>
            <MessageText content={message.content} mentionedUserIds={message.metadata.mentionedUsers} />
            <Attachment message={message} />
          </div>
        </li>
        {item.after.map((m) => (
          <ContextLine key={m.id} message={m} author={nameOf(m.userId)} />
        ))}
      </ol>

      <div className="text-xs text-slate-600">
        <h3 className="font-medium text-slate-700">Flagged by</h3>
        <ul className="mt-1 flex flex-col gap-0.5">
          {item.flags.map((f) => (
            <li key={f.user.id} className="flex flex-wrap gap-x-1">
              <span className="font-medium text-slate-800">{f.user.username}</span>
              {f.byAdmin ? <span>(admin)</span> : null}
              <span>
                · <time dateTime={f.flaggedAt}>{formatWhen(f.flaggedAt)}</time>
              </span>
              {/* The reason and words the reporter gave. */}
              {f.reason ? (
                <span className="rounded-full bg-amber-100 px-2 text-amber-900" data-testid="report-reason">
                  {REPORT_REASON_LABELS[f.reason]}
                </span>
              ) : null}
              {f.note ? <q className="basis-full text-slate-700">{f.note}</q> : null}
            </li>
          ))}
        </ul>
      </div>

      {question ? (
        <div
          role="alertdialog"
          aria-label={question.question}
          className="flex flex-wrap items-center gap-2 rounded-lg bg-red-50 p-2 text-sm text-red-900"
        >
          <span className="mr-auto">{question.question}</span>
          <Button variant="danger" autoFocus onClick={() => confirming && run(confirming)}>
            {question.yes}
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(null)}>
            Cancel
          </Button>
        </div>
      ) : null}

      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap [&>button]:whitespace-nowrap [&>button]:px-3">
        <Button
          variant="secondary"
          busy={busy === 'dismiss'}
          disabled={busy !== null}
          onClick={() => run('dismiss')}
        >
          <ShieldCheck className="h-4 w-4" aria-hidden="true" /> Dismiss
        </Button>
        <Button
          variant="secondary"
          busy={busy === 'hide'}
          disabled={busy !== null}
          onClick={() => run('hide')}
        >
          <EyeOff className="h-4 w-4" aria-hidden="true" /> Hide
        </Button>
        <Button
          variant="secondary"
          className="text-red-700"
          busy={busy === 'delete'}
          disabled={busy !== null}
          onClick={() => run('delete')}
        >
          <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
        </Button>
        <Button
          variant="secondary"
          busy={busy === 'lock'}
          disabled={busy !== null || author.isLocked}
          onClick={() => run('lock')}
        >
          <Lock className="h-4 w-4" aria-hidden="true" /> {author.isLocked ? 'Author locked' : 'Lock author'}
        </Button>
      </div>
    </article>
  );
}
