/** The invitations with their uses, who joined through each, the poster and Revoke. */
import { useState } from 'react';
import type { Invite } from '@stoop/shared';
import { DASHBOARD_PATHS } from '../../navigation/paths.ts';
import { copyWithToast } from '../../services/ui/clipboard.ts';
import { Button, ButtonLink } from '../ui/Button.tsx';

function stateOf(invite: Invite, now: number): { text: string; usable: boolean } {
  if (invite.revokedAt) return { text: 'Revoked', usable: false };
  if (Date.parse(invite.expiresAt) <= now) return { text: 'Expired', usable: false };
  if (invite.uses >= invite.maxUses) return { text: 'Used up', usable: false };
  return { text: 'Active', usable: true };
}

export function InviteList({
  invites,
  onRevoke,
}: {
  invites: readonly Invite[];
  onRevoke: (id: string) => Promise<void>;
}) {
  if (invites.length === 0)
    return (
      <p className="text-sm text-slate-600">
        No invitations yet. Create one above, then print its poster for the lobby.
      </p>
    );
  const now = Date.now();
  return (
    <ul className="space-y-3" aria-label="Invitations">
      {invites.map((invite) => (
        <InviteRow key={invite.id} invite={invite} state={stateOf(invite, now)} onRevoke={onRevoke} />
      ))}
    </ul>
  );
}

function InviteRow({
  invite,
  state,
  onRevoke,
}: {
  invite: Invite;
  state: { text: string; usable: boolean };
  onRevoke: (id: string) => Promise<void>;
}) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const revoke = async () => {
    setBusy(true);
    try {
      await onRevoke(invite.id);
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };
  return (
    <li className="space-y-2 rounded-xl border border-slate-200 bg-white p-4 text-sm" data-testid="invite">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-mono text-base font-bold tracking-widest text-slate-900">{invite.code}</p>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${
            state.usable ? 'bg-green-100 text-green-900' : 'bg-slate-200 text-slate-700'
          }`}
        >
          {state.text}
        </span>
      </div>
      {invite.label ? <p className="text-slate-800">{invite.label}</p> : null}
      <p className="text-slate-600">
        <span data-testid="invite-uses">
          {invite.uses} of {invite.maxUses} used
        </span>{' '}
        · until {new Date(invite.expiresAt).toLocaleDateString()} ·{' '}
        {invite.approveAtOnce ? 'approved at once' : 'waits for approval'}
      </p>
      <p className="break-all text-slate-600">{invite.url}</p>
      <p className="text-slate-700" data-testid="invite-joined">
        {invite.joined.length === 0
          ? 'Nobody has joined through it yet.'
          : `Joined: ${invite.joined.map((j) => j.username).join(', ')}`}
      </p>
      <div className="flex flex-wrap gap-2">
        <ButtonLink variant="secondary" to={DASHBOARD_PATHS.invitePoster(invite.id)}>
          Poster
        </ButtonLink>
        <Button
          variant="secondary"
          onClick={() =>
            void copyWithToast(invite.url, {
              copied: 'Link copied',
              failed: 'The link could not be copied; select it and copy it by hand.',
            })
          }
        >
          Copy link
        </Button>
        {invite.revokedAt ? null : confirming ? (
          <span
            className="flex flex-wrap items-center gap-2"
            role="alertdialog"
            aria-label="Revoke this invitation?"
          >
            Its link and code stop working at once.
            <Button variant="danger" busy={busy} onClick={() => void revoke()} autoFocus>
              Revoke
            </Button>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
          </span>
        ) : (
          <Button variant="ghost" className="text-red-700" onClick={() => setConfirming(true)}>
            Revoke
          </Button>
        )}
      </div>
    </li>
  );
}
