/** The directory's filters: the R-PROFILE-1 options, newToArea, interests, lookingFor. */
import {
  INTEREST_SUGGESTIONS,
  NEW_TO_AREA_OPTIONS,
  PROFILE_OPTIONS,
  type EnumeratedProfileField,
} from '@stoop/shared/schemas/profile-options';
import { SelectField, TextField } from '../../components/form/fields.tsx';
import { Button } from '../../components/ui/Button.tsx';
import type { DirectoryFilters } from '../../stores/directory.ts';

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
  /** Closes the panel (the results are already up to date). */
  onDone: () => void;
}

export function DirectoryFilterPanel({ id, filters, onChange, onDone }: Props) {
  const toggleInterest = (interest: string) =>
    onChange({
      ...filters,
      interests: filters.interests.includes(interest)
        ? filters.interests.filter((i) => i !== interest)
        : [...filters.interests, interest],
    });
  return (
    <div id={id} className="mt-3 space-y-4 rounded-2xl border border-slate-200 bg-white p-4">
      {/* One scrolling row on phones, so the results stay in reach below the filters. */}
      <div
        role="group"
        aria-label="Interests"
        className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1 sm:flex-wrap sm:overflow-visible"
      >
        {INTEREST_SUGGESTIONS.map((interest) => {
          const on = filters.interests.includes(interest);
          return (
            <button
              key={interest}
              type="button"
              aria-pressed={on}
              onClick={() => toggleInterest(interest)}
              className={`min-h-9 shrink-0 rounded-full border px-3 py-1 text-sm ${
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
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
        <div className="col-span-2 lg:col-span-1">
          <TextField
            label="Looking for"
            name="lookingFor"
            value={filters.lookingFor}
            placeholder="e.g. running buddies"
            onValueChange={(lookingFor) => onChange({ ...filters, lookingFor })}
          />
        </div>
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
            onValueChange={(value) =>
              onChange({ ...filters, options: { ...filters.options, [field]: value } })
            }
          />
        ))}
      </div>
      <div className="flex justify-end">
        <Button variant="secondary" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}
