/** One resident in the directory: picture, name, description, details, "Message". */
import { MessageCircle } from 'lucide-react';
import type { PublicUser } from '@stoop/shared';
import { profileOptionLabel, type EnumeratedProfileField } from '@stoop/shared/schemas/profile-options';
import { UserAvatar } from '../../components/shell/UserAvatar.tsx';
import { Button, ButtonLink } from '../../components/ui/Button.tsx';
import { PATHS } from '../../navigation/paths.ts';

/** The details a card names, in reading order. */
const DETAILS: readonly [EnumeratedProfileField, string][] = [
  ['gender', 'Gender'],
  ['relationshipStatus', 'Relationship'],
  ['hasKids', 'Kids'],
  ['pets', 'Pets'],
  ['smoking', 'Smoking'],
  ['drinking', 'Drinking'],
  ['sexuality', 'Sexuality'],
];

interface ResidentCardProps {
  resident: PublicUser;
  isMe: boolean;
  busy: boolean;
  disabled: boolean;
  onMessage: (resident: PublicUser) => void;
}

export function ResidentCard({ resident, isMe, busy, disabled, onMessage }: ResidentCardProps) {
  const m = resident.metadata;
  const headingId = `resident-${resident.id}`;
  const details = DETAILS.flatMap(([field, label]) => {
    const value = m[field];
    return value ? [{ label, value: profileOptionLabel(field, value) }] : [];
  });
  return (
    <article
      aria-labelledby={headingId}
      className="flex w-full min-w-0 flex-col rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-start gap-3">
        <UserAvatar name={resident.username} src={resident.avatar} className="h-14 w-14 text-lg" />
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="truncate text-base font-semibold text-slate-900">
            {resident.username}
            {isMe ? <span className="ml-2 text-xs font-medium text-slate-500">(you)</span> : null}
          </h2>
          {m.pronouns || m.work ? (
            <p className="truncate text-sm text-slate-600">
              {[m.pronouns, m.work].filter(Boolean).join(' · ')}
            </p>
          ) : null}
          {m.newToArea ? (
            <span className="mt-1 inline-block rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-800 ring-1 ring-amber-200">
              New to the area
            </span>
          ) : null}
        </div>
      </div>
      {resident.description ? (
        <p className="mt-3 line-clamp-3 text-sm text-slate-700">{resident.description}</p>
      ) : null}
      {m.lookingFor ? (
        <p className="mt-2 text-sm text-slate-700">
          <span className="font-medium text-slate-900">Looking for:</span> {m.lookingFor}
        </p>
      ) : null}
      {m.interests.length > 0 ? (
        <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Interests">
          {m.interests.map((interest) => (
            <li key={interest} className="rounded-full bg-brand-50 px-2 py-0.5 text-xs text-brand-800">
              {interest}
            </li>
          ))}
        </ul>
      ) : null}
      {details.length > 0 ? (
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-xs">
          {details.map((d) => (
            <div key={d.label} className="contents">
              <dt className="text-slate-500">{d.label}</dt>
              <dd className="min-w-0 truncate text-slate-800">{d.value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      <div className="mt-auto pt-4">
        {isMe ? (
          <ButtonLink to={PATHS.accountSettings} variant="secondary" className="w-full">
            Edit your profile
          </ButtonLink>
        ) : (
          <Button
            className="w-full"
            busy={busy}
            disabled={disabled}
            aria-label={`Message ${resident.username}`}
            onClick={() => onMessage(resident)}
          >
            {busy ? null : <MessageCircle className="h-4 w-4" aria-hidden="true" />}
            Message
          </Button>
        )}
      </div>
    </article>
  );
}
