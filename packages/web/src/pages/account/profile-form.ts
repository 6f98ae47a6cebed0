/**
 * The account settings form's state, how it is filled from the user and how it becomes the
 * multipart body of PUT /api/profile (R-API-7).
 */
import type { User, UserMetadata } from '@stoop/shared';

/** Text-only editing state; '' stands for "not set" (null) in the nullable metadata fields. */
export interface ProfileValues {
  username: string;
  email: string;
  description: string;
  interests: string;
  prompts: { question: string; answer: string }[];
  pronouns: string;
  lifeSituation: string;
  work: string;
  education: string;
  gender: string;
  lookingFor: string;
  sexuality: string;
  relationshipStatus: string;
  hasKids: string;
  religion: string;
  smoking: string;
  drinking: string;
  /** 'yes' | 'no' | '' */
  newToArea: string;
  starSign: string;
  pets: string;
}

export type AvatarChange = { kind: 'keep' } | { kind: 'remove' } | { kind: 'replace'; file: File };

const orEmpty = (value: string | null) => value ?? '';
const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

export function valuesFromUser(user: User): ProfileValues {
  const m = user.metadata;
  return {
    username: user.username,
    email: user.email,
    description: user.description,
    interests: m.interests.join(', '),
    prompts: m.prompts.map((p) => ({ ...p })),
    pronouns: m.pronouns,
    lifeSituation: m.lifeSituation,
    work: m.work,
    education: m.education,
    gender: orEmpty(m.gender),
    lookingFor: m.lookingFor,
    sexuality: orEmpty(m.sexuality),
    relationshipStatus: orEmpty(m.relationshipStatus),
    hasKids: orEmpty(m.hasKids),
    religion: m.religion,
    smoking: orEmpty(m.smoking),
    drinking: orEmpty(m.drinking),
    newToArea: m.newToArea === null ? '' : m.newToArea ? 'yes' : 'no',
    starSign: m.starSign,
    pets: orEmpty(m.pets),
  };
}

export function metadataFromValues(v: ProfileValues): UserMetadata {
  return {
    interests: [
      ...new Set(
        v.interests
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
    ],
    prompts: v.prompts
      .map((p) => ({ question: p.question.trim(), answer: p.answer.trim() }))
      .filter((p) => p.question !== '' || p.answer !== ''),
    pronouns: v.pronouns.trim(),
    lifeSituation: v.lifeSituation.trim(),
    work: v.work.trim(),
    education: v.education.trim(),
    gender: orNull(v.gender),
    lookingFor: v.lookingFor.trim(),
    sexuality: orNull(v.sexuality),
    relationshipStatus: orNull(v.relationshipStatus),
    hasKids: orNull(v.hasKids),
    religion: v.religion.trim(),
    smoking: orNull(v.smoking),
    drinking: orNull(v.drinking),
    newToArea: v.newToArea === '' ? null : v.newToArea === 'yes',
    starSign: v.starSign.trim(),
    pets: orNull(v.pets),
  };
}

/** The shape validated against the shared profileFormSchema. */
export const formShape = (v: ProfileValues) => ({
  username: v.username,
  email: v.email,
  description: v.description,
  metadata: metadataFromValues(v),
});

/**
 * Multipart body: text fields, metadata as JSON, and either a new avatar file or avatarPath
 * ('' removes the picture, the current path keeps it).
 */
export function toFormData(
  data: { username: string; email: string; description: string; metadata: UserMetadata },
  avatar: AvatarChange,
  currentAvatar: string | null,
): FormData {
  const form = new FormData();
  form.set('username', data.username);
  form.set('email', data.email);
  form.set('description', data.description);
  form.set('metadata', JSON.stringify(data.metadata));
  if (avatar.kind === 'replace') form.set('avatar', avatar.file, avatar.file.name);
  else form.set('avatarPath', avatar.kind === 'remove' ? '' : (currentAvatar ?? ''));
  return form;
}

const opts = (...labels: string[]) => [
  { value: '', label: 'Prefer not to say' },
  ...labels.map((l) => ({ value: l, label: l })),
];

/** Suggested answers for the fields the spec leaves as free text; '' means not set. */
export const OPTIONS = {
  gender: opts('Woman', 'Man', 'Non-binary', 'Another gender'),
  sexuality: opts('Straight', 'Gay', 'Lesbian', 'Bisexual', 'Queer', 'Another sexuality'),
  relationshipStatus: opts('Single', 'In a relationship', 'Married', 'It’s complicated'),
  hasKids: opts('No kids', 'Have kids', 'Want kids someday', 'Don’t want kids'),
  smoking: opts('Never', 'Socially', 'Regularly', 'Trying to quit'),
  drinking: opts('Never', 'Socially', 'Regularly'),
  pets: opts('No pets', 'Dog', 'Cat', 'Dog and cat', 'Other pets', 'Would love one'),
  newToArea: [
    { value: '', label: 'Prefer not to say' },
    { value: 'yes', label: 'Yes, I just moved here' },
    { value: 'no', label: 'No, I know the area' },
  ],
  starSign: [
    { value: '', label: 'Prefer not to say' },
    ...[
      'Aries',
      'Taurus',
      'Gemini',
      'Cancer',
      'Leo',
      'Virgo',
      'Libra',
      'Scorpio',
      'Sagittarius',
      'Capricorn',
      'Aquarius',
      'Pisces',
    ].map((s) => ({ value: s, label: s })),
  ],
} as const;

/** Keeps a stored value selectable even when it is not one of the suggestions. */
export function withCurrent(options: readonly { value: string; label: string }[], current: string) {
  return current === '' || options.some((o) => o.value === current)
    ? options
    : [...options, { value: current, label: current }];
}
