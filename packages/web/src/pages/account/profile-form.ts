/**
 * The account settings form's state, how it is filled from the user and how it becomes the
 * multipart body of PUT /api/profile.
 */
import type { User, UserMetadata } from '@stoop/shared';
import { PASSWORD_MIN_LENGTH } from '@stoop/shared/constants';
import {
  NEW_TO_AREA_OPTIONS,
  PROFILE_OPTIONS,
  type EnumeratedProfileField,
} from '@stoop/shared/schemas/profile-options';

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
  /** Needed to change the email or the password; never filled from the user. */
  currentPassword: string;
  /** '' keeps the password. */
  newPassword: string;
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
    currentPassword: '',
    newPassword: '',
  };
}

/** The client-side half of the rule, so the form asks before the server refuses. */
export function credentialErrors(v: ProfileValues, user: User): Record<string, string> {
  const errors: Record<string, string> = {};
  if (v.newPassword !== '' && v.newPassword.length < PASSWORD_MIN_LENGTH) {
    errors.newPassword = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  }
  const emailChanges = v.email.trim().toLowerCase() !== user.email;
  if ((emailChanges || v.newPassword !== '') && v.currentPassword === '') {
    errors.currentPassword = emailChanges
      ? 'Enter your current password to change your email'
      : 'Enter your current password to change your password';
  }
  return errors;
}

/** The comma-separated interests as a list, without blanks and repeats. */
export const interestList = (text: string) => [
  ...new Set(
    text
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  ),
];

export function metadataFromValues(v: ProfileValues): UserMetadata {
  return {
    interests: interestList(v.interests),
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
  credentials: { currentPassword: string; newPassword: string } = { currentPassword: '', newPassword: '' },
): FormData {
  const form = new FormData();
  form.set('username', data.username);
  form.set('email', data.email);
  form.set('description', data.description);
  form.set('metadata', JSON.stringify(data.metadata));
  if (credentials.currentPassword !== '') form.set('currentPassword', credentials.currentPassword);
  if (credentials.newPassword !== '') form.set('newPassword', credentials.newPassword);
  if (avatar.kind === 'replace') form.set('avatar', avatar.file, avatar.file.name);
  else form.set('avatarPath', avatar.kind === 'remove' ? '' : (currentAvatar ?? ''));
  return form;
}

/** '' stands for null: not answered, which is not the same as "prefer not to say". */
const NOT_SET = { value: '', label: 'Not set' };

/** The shared lists, with "not set" first. */
const listed = (field: EnumeratedProfileField) => [
  NOT_SET,
  ...PROFILE_OPTIONS[field].map((o) => ({ value: o.value, label: o.label })),
];

/** The choices of the form's selects; '' means not set. */
export const OPTIONS = {
  gender: listed('gender'),
  sexuality: listed('sexuality'),
  relationshipStatus: listed('relationshipStatus'),
  hasKids: listed('hasKids'),
  smoking: listed('smoking'),
  drinking: listed('drinking'),
  pets: listed('pets'),
  newToArea: [
    NOT_SET,
    ...NEW_TO_AREA_OPTIONS.map((o) => ({ value: o.value ? 'yes' : 'no', label: o.label })),
  ],
  starSign: [
    NOT_SET,
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
