/**
 * One account on the user-approval screen: who they are, since when they wait, and
 * the actions their state allows. Actions that shut someone out (reject, lock, remove admin) ask
 * first, inline, so the keyboard never leaves the card.
 */
import { useId, useState, type ReactNode } from 'react';
import type { Role, User } from '@stoop/shared';
import { Button } from '../ui/Button.tsx';
import { UserAvatar } from '../shell/UserAvatar.tsx';
import { signupDate, waitedFor } from './waited.ts';

type AccountAction = 'approve' | 'reject' | 'lock' | 'unlock' | 'role';

export interface AccountCardProps {
  user: User;
  isSelf: boolean;
  /** The action running on this account, if any. */
  busy: AccountAction | undefined;
  /** Pending accounts can be ticked for bulk approval. */
  selected?: boolean;
  onToggleSelected?: () => void;
  onApprove: () => void;
  onReject: (message: string) => Promise<boolean>;
  onLock: () => Promise<boolean>;
  onUnlock: () => void;
  onSetRole: (role: Role) => Promise<boolean>;
}

type Confirming = 'reject' | 'lock' | 'demote' | null;

function Badge({ tone, children }: { tone: 'amber' | 'red' | 'brand' | 'slate'; children: ReactNode }) {
  const tones = {
    amber: 'bg-amber-50 text-amber-800 ring-amber-200',
    red: 'bg-red-50 text-red-800 ring-red-200',
    brand: 'bg-brand-50 text-brand-800 ring-brand-200',
    slate: 'bg-slate-100 text-slate-700 ring-slate-200',
  };
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${tones[tone]}`}
    >
      {children}
    </span>
  );
}

const isPending = (user: User) => user.isLocked && user.reasonForLock !== 'admin_lock';

export function AccountCard(props: AccountCardProps) {
  const { user, isSelf, busy } = props;
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [message, setMessage] = useState('');
  const titleId = useId();
  const messageId = useId();
  const pending = isPending(user);
  const admin = user.role === 'admin';

  async function confirmed(run: () => Promise<boolean>) {
    if (await run()) {
      setConfirming(null);
      setMessage('');
    }
  }

  return (
    <article
      aria-labelledby={titleId}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm focus-within:ring-2 focus-within:ring-brand-200"
    >
      <div className="flex items-start gap-3">
        {props.onToggleSelected ? (
          <input
            type="checkbox"
            className="mt-2 h-5 w-5 shrink-0 accent-brand-700"
            checked={props.selected === true}
            onChange={props.onToggleSelected}
            aria-label={`Select ${user.username}`}
          />
        ) : null}
        <UserAvatar name={user.username} src={user.avatar} className="h-10 w-10 text-sm" />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <h2 id={titleId} className="break-words text-base font-semibold text-slate-900">
              {user.username}
            </h2>
            {isSelf ? <Badge tone="slate">You</Badge> : null}
            {admin ? <Badge tone="brand">Admin</Badge> : null}
            {pending ? <Badge tone="amber">Waiting for approval</Badge> : null}
            {user.isLocked && !pending ? <Badge tone="red">Locked</Badge> : null}
          </div>
          <p className="break-all text-sm text-slate-600">{user.email}</p>
          <p className="mt-1 text-xs text-slate-500">
            Signed up {signupDate(user.createdAt)}
            {pending ? (
              <>
                {' · '}
                <span className="font-medium text-amber-800">waiting {waitedFor(user.createdAt)}</span>
              </>
            ) : null}
          </p>
        </div>
      </div>

      {user.description ? (
        <p className="mt-3 line-clamp-4 whitespace-pre-line break-words text-sm text-slate-700">
          {user.description}
        </p>
      ) : pending ? (
        <p className="mt-3 text-sm italic text-slate-500">No description given.</p>
      ) : null}

      {confirming === 'reject' ? (
        <form
          className="mt-3 space-y-2 rounded-lg bg-red-50 p-3"
          aria-label={`Reject the sign-up of ${user.username}`}
          onSubmit={(event) => {
            event.preventDefault();
            void confirmed(() => props.onReject(message));
          }}
        >
          <label htmlFor={messageId} className="block text-sm font-medium text-slate-800">
            Message to {user.username} (optional)
          </label>
          <textarea
            id={messageId}
            value={message}
            maxLength={1000}
            rows={3}
            autoFocus
            onChange={(event) => setMessage(event.target.value)}
            className="block w-full rounded-lg border border-slate-300 p-2 text-sm"
            placeholder="For example: we could not find your flat in the residents’ list."
          />
          <p className="text-xs text-slate-600">
            The account is removed and the message is mailed to {user.email}.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" variant="danger" busy={busy === 'reject'}>
              Reject sign-up
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : confirming === 'lock' || confirming === 'demote' ? (
        <div
          role="alertdialog"
          aria-label={confirming === 'lock' ? `Lock ${user.username}?` : 'Remove the admin role?'}
          className="mt-3 flex flex-wrap items-center gap-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-800"
        >
          <span className="w-full">
            {confirming === 'lock'
              ? `Lock ${user.username}? They are signed out of chat at once and see the locked page.`
              : isSelf
                ? 'Step down as admin? You lose the admin pages at once.'
                : `Remove the admin role of ${user.username}?`}
          </span>
          <Button
            variant="danger"
            autoFocus
            busy={busy === 'lock' || busy === 'role'}
            onClick={() =>
              void confirmed(confirming === 'lock' ? props.onLock : () => props.onSetRole('resident'))
            }
          >
            {confirming === 'lock' ? 'Lock' : isSelf ? 'Step down' : 'Remove admin'}
          </Button>
          <Button variant="secondary" onClick={() => setConfirming(null)}>
            Cancel
          </Button>
        </div>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          {pending ? (
            <>
              <Button busy={busy === 'approve'} onClick={props.onApprove}>
                Approve
              </Button>
              <Button variant="secondary" onClick={() => setConfirming('reject')}>
                Reject…
              </Button>
            </>
          ) : null}
          {user.isLocked && !pending ? (
            <Button busy={busy === 'unlock'} onClick={props.onUnlock}>
              Unlock
            </Button>
          ) : null}
          {!user.isLocked && !isSelf ? (
            <Button variant="secondary" onClick={() => setConfirming('lock')}>
              Lock…
            </Button>
          ) : null}
          {!user.isLocked && !admin ? (
            <Button variant="secondary" busy={busy === 'role'} onClick={() => void props.onSetRole('admin')}>
              Make admin
            </Button>
          ) : null}
          {admin && !user.isLocked ? (
            <Button variant="ghost" onClick={() => setConfirming('demote')}>
              {isSelf ? 'Step down as admin…' : 'Remove admin…'}
            </Button>
          ) : null}
        </div>
      )}
    </article>
  );
}
