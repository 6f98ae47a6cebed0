/**
 * R-PROFILE-1: the allowed values of every enumerated profile metadata field, defined once. The
 * server refuses other values, publishes the lists at GET /api/profile/options, and
 * the web client's profile form and directory filters offer them. Values are stable slugs (stored
 * and sent); labels are what people read and may change freely.
 */
import { z } from 'zod';

interface ProfileOption {
  value: string;
  label: string;
}

const option = (value: string, label: string): ProfileOption => ({ value, label });
const preferNotToSay = option('prefer-not-to-say', 'Prefer not to say');
const selfDescribe = option('self-describe', 'I describe it another way');

/**
 * The null-default string fields of R-USER-3. Each list is inclusive on purpose: nobody should
 * have to pick an answer that is not theirs, so every list ends with "prefer not to say".
 */
export const PROFILE_OPTIONS = {
  gender: [
    option('woman', 'Woman'),
    option('man', 'Man'),
    option('non-binary', 'Non-binary'),
    option('genderqueer', 'Genderqueer'),
    option('genderfluid', 'Genderfluid'),
    option('agender', 'Agender'),
    option('trans-woman', 'Trans woman'),
    option('trans-man', 'Trans man'),
    option('two-spirit', 'Two-spirit'),
    option('questioning', 'Questioning'),
    selfDescribe,
    preferNotToSay,
  ],
  sexuality: [
    option('straight', 'Straight'),
    option('gay', 'Gay'),
    option('lesbian', 'Lesbian'),
    option('bisexual', 'Bisexual'),
    option('pansexual', 'Pansexual'),
    option('queer', 'Queer'),
    option('asexual', 'Asexual'),
    option('demisexual', 'Demisexual'),
    option('questioning', 'Questioning'),
    selfDescribe,
    preferNotToSay,
  ],
  relationshipStatus: [
    option('single', 'Single'),
    option('in-a-relationship', 'In a relationship'),
    option('engaged', 'Engaged'),
    option('married', 'Married'),
    option('civil-partnership', 'Civil partnership'),
    option('open-relationship', 'Open relationship'),
    option('separated', 'Separated'),
    option('divorced', 'Divorced'),
    option('widowed', 'Widowed'),
    option('its-complicated', 'It’s complicated'),
    preferNotToSay,
  ],
  hasKids: [
    option('no-kids', 'No kids'),
    option('have-kids', 'Have kids'),
    option('kids-part-time', 'Kids some of the time'),
    option('grown-up-kids', 'Grown-up kids'),
    option('expecting', 'Expecting'),
    option('want-kids', 'Want kids someday'),
    option('dont-want-kids', 'Don’t want kids'),
    option('not-sure', 'Not sure yet'),
    preferNotToSay,
  ],
  smoking: [
    option('never', 'Never'),
    option('socially', 'Socially'),
    option('regularly', 'Regularly'),
    option('trying-to-quit', 'Trying to quit'),
    preferNotToSay,
  ],
  drinking: [
    option('never', 'Never'),
    option('rarely', 'Rarely'),
    option('socially', 'Socially'),
    option('regularly', 'Regularly'),
    option('sober', 'Sober'),
    preferNotToSay,
  ],
  pets: [
    option('no-pets', 'No pets'),
    option('dog', 'Dog'),
    option('cat', 'Cat'),
    option('dog-and-cat', 'Dog and cat'),
    option('small-pets', 'Small pets'),
    option('birds', 'Birds'),
    option('fish', 'Fish'),
    option('reptiles', 'Reptiles'),
    option('other-pets', 'Other pets'),
    option('want-a-pet', 'Would love one'),
    option('allergic', 'Allergic to pets'),
    preferNotToSay,
  ],
} as const satisfies Record<string, readonly ProfileOption[]>;

export type EnumeratedProfileField = keyof typeof PROFILE_OPTIONS;
export const ENUMERATED_PROFILE_FIELDS = Object.keys(PROFILE_OPTIONS) as EnumeratedProfileField[];

/** newToArea is a yes/no answer (null: unset); published with labels like the lists above. */
export const NEW_TO_AREA_OPTIONS = [
  { value: true, label: 'Yes, I just moved here' },
  { value: false, label: 'No, I know the area' },
] as const;

/** Common interests offered as chips; interests stay free text (R-PROFILE-1). */
export const INTEREST_SUGGESTIONS = [
  'cooking',
  'gardening',
  'running',
  'cycling',
  'yoga',
  'board games',
  'reading',
  'music',
  'movies',
  'hiking',
  'photography',
  'volunteering',
] as const;

/** Whether `value` is one of `field`'s allowed values. */
export function isProfileOption(field: EnumeratedProfileField, value: string): boolean {
  return PROFILE_OPTIONS[field].some((o) => o.value === value);
}

/** The label of a stored value; a value from before the lists existed shows as it is. */
export function profileOptionLabel(field: EnumeratedProfileField, value: string): string {
  return PROFILE_OPTIONS[field].find((o) => o.value === value)?.label ?? value;
}

const optionSchema = z.object({ value: z.string(), label: z.string() });

/** GET /api/profile/options answer. */
export const profileOptionsResponseSchema = z.object({
  options: z.object(
    Object.fromEntries(ENUMERATED_PROFILE_FIELDS.map((field) => [field, z.array(optionSchema)])) as Record<
      EnumeratedProfileField,
      z.ZodArray<typeof optionSchema>
    >,
  ),
  newToArea: z.array(z.object({ value: z.boolean(), label: z.string() })),
  interestSuggestions: z.array(z.string()),
});
export type ProfileOptionsResponse = z.infer<typeof profileOptionsResponseSchema>;
