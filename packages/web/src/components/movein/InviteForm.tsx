/** A new invitation: how long it works, how many may join, approval at once or later. */
import { useState, type FormEvent } from 'react';
import { INVITE_DEFAULT_DAYS, INVITE_MAX_DAYS, INVITE_MAX_USES } from '@stoop/shared/constants';
import type { NewInvite } from '../../stores/invites.ts';
import { TextField } from '../form/fields.tsx';
import { Button } from '../ui/Button.tsx';

/** Enough for a building's households; the admin changes it per poster. */
const DEFAULT_MAX_USES = 100;

/** A whole number from 1 to `max` of `unit`s, or the sentence that says so. */
const countError = (text: string, max: number, unit: string): string | undefined => {
  const count = Number(text);
  return Number.isInteger(count) && count >= 1 && count <= max ? undefined : `Between 1 and ${max} ${unit}`;
};

interface CountFieldProps {
  label: string;
  max: number;
  value: string;
  onValueChange: (value: string) => void;
  error: string | undefined;
}

/** A number field of 1 … `max` with the phone's number pad. */
function CountField({ label, max, value, onValueChange, error }: CountFieldProps) {
  return (
    <TextField
      label={label}
      type="number"
      inputMode="numeric"
      min={1}
      max={max}
      value={value}
      onValueChange={onValueChange}
      error={error}
    />
  );
}

export function InviteForm({ onCreate }: { onCreate: (invite: NewInvite) => Promise<boolean> }) {
  const [days, setDays] = useState(String(INVITE_DEFAULT_DAYS));
  const [uses, setUses] = useState(String(DEFAULT_MAX_USES));
  const [approveAtOnce, setApproveAtOnce] = useState(false);
  const [label, setLabel] = useState('');
  const [errors, setErrors] = useState<{ days?: string | undefined; uses?: string | undefined }>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = {
      days: countError(days, INVITE_MAX_DAYS, 'days'),
      uses: countError(uses, INVITE_MAX_USES, 'sign-ups'),
    };
    setErrors(found);
    if (found.days || found.uses) return;
    const [expiresInDays, maxUses] = [Number(days), Number(uses)];
    setBusy(true);
    try {
      if (await onCreate({ expiresInDays, maxUses, approveAtOnce, label: label.trim() })) setLabel('');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4"
      aria-labelledby="new-invite-title"
    >
      <h2 id="new-invite-title" className="text-base font-semibold text-slate-900">
        New invitation
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <CountField
          label="Works for (days)"
          max={INVITE_MAX_DAYS}
          value={days}
          onValueChange={setDays}
          error={errors.days}
        />
        <CountField
          label="Sign-ups it admits"
          max={INVITE_MAX_USES}
          value={uses}
          onValueChange={setUses}
          error={errors.uses}
        />
      </div>
      <TextField
        label="Note for the admins (optional)"
        value={label}
        onValueChange={setLabel}
        maxLength={100}
        placeholder="Lobby poster, entrance B"
      />
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">Who joins through it</legend>
        <div className="mt-2 space-y-1">
          {[
            { value: false, text: 'Waits for an admin’s approval' },
            { value: true, text: 'Is approved at once' },
          ].map((o) => (
            <label key={String(o.value)} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
              <input
                type="radio"
                name="approval"
                checked={approveAtOnce === o.value}
                onChange={() => setApproveAtOnce(o.value)}
                className="h-5 w-5 accent-brand-700"
              />
              {o.text}
            </label>
          ))}
        </div>
      </fieldset>
      <Button type="submit" busy={busy}>
        Create invitation
      </Button>
    </form>
  );
}
