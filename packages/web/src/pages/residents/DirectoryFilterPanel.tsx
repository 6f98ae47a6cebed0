/** The directory's filters (R-PROFILE-3): the R-PROFILE-1 options, newToArea, interests, lookingFor. */
import {
  INTEREST_SUGGESTIONS,
  NEW_TO_AREA_OPTIONS,
  PROFILE_OPTIONS,
  type EnumeratedProfileField,
} from '@stoop/shared/schemas/profile-options';
import { SelectField, TextField } from '../../components/form/fields.tsx';
import type { DirectoryFilters } from '../../services/directory-api.ts';

const ANY = { value: '', label: 'Any' };

const FIELDS: readonly [EnumeratedProfileField, string][] = [
  ['gender', 'Gender'],
  ['relationshipStatus', 'Relationship status'],
  ['hasKids', 'Kids'],
  ['pets', 'Pets'],
  ['smoking', 'Smoking'],
  ['drinking', 'Drinking'],
  ['sexuality', 'Sexuality'],
];

const NEW_TO_AREA = [ANY, ...NEW_TO_AREA_OPTIONS.map((o) => ({ value: String(o.value), label: o.label }))];

/** How many filters are set (the search text aside), for the "Filters" button. */
export function activeFilterCount(filters: DirectoryFilters): number {
  return (
    filters.interests.length +
    (filters.lookingFor.trim() ? 1 : 0) +
    (filters.newToArea ? 1 : 0) +
    Object.values(filters.options).filter(Boolean).length
  );
}

interface Props {
  id: string;
  filters: DirectoryFilters;
  onChange: (filters: DirectoryFilters) => void;
}

export function DirectoryFilterPanel({ id, filters, onChange }: Props) {
  const toggleInterest = (interest: string) =>
    onChange({
      ...filters,
      interests: filters.interests.includes(interest)
        ? filters.interests.filter((i) => i !== interest)
        : [...filters.interests, interest],
    });
  return (
    <div id={id} className="mt-3 space-y-4 rounded-2xl border border-slate-200 bg-white p-4">
      <div role="group" aria-label="Interests" className="flex flex-wrap gap-2">
        {INTEREST_SUGGESTIONS.map((interest) => {
          const on = filters.interests.includes(interest);
          return (
            <button
              key={interest}
              type="button"
              aria-pressed={on}
              onClick={() => toggleInterest(interest)}
              className={`min-h-9 rounded-full border px-3 py-1 text-sm ${
                on
                  ? 'border-brand-600 bg-brand-50 font-medium text-brand-800'
                  : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
              }`}
            >
              {interest}
            </button>
          );
        })}
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <TextField
          label="Looking for"
          name="lookingFor"
          value={filters.lookingFor}
          placeholder="e.g. running buddies"
          onValueChange={(lookingFor) => onChange({ ...filters, lookingFor })}
        />
        <SelectField
          label="New to the area"
          name="newToArea"
          value={filters.newToArea}
          options={NEW_TO_AREA}
          onValueChange={(newToArea) => onChange({ ...filters, newToArea })}
        />
        {FIELDS.map(([field, label]) => (
          <SelectField
            key={field}
            label={label}
            name={field}
            value={filters.options[field] ?? ''}
            options={[ANY, ...PROFILE_OPTIONS[field]]}
            onValueChange={(value) => onChange({ ...filters, options: { ...filters.options, [field]: value } })}
          />
        ))}
      </div>
    </div>
  );
}
