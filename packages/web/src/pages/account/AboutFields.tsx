/** The optional "about me" profile details of R-USER-3 (metadata), grouped for scanning. */
import { Plus, Trash2 } from 'lucide-react';
import { SelectField, TextAreaField, TextField } from '../../components/form/fields.tsx';
import { Button } from '../../components/ui/Button.tsx';
import type { FieldErrors } from '../../components/form/validate.ts';
import { INTEREST_SUGGESTIONS } from '@stoop/shared/schemas/profile-options';
import { OPTIONS, interestList, withCurrent, type ProfileValues } from './profile-form.ts';

/** A few prompts keep profiles readable; the schema allows more. */
const MAX_PROMPTS = 3;

type TextKey = Exclude<keyof ProfileValues, 'prompts'>;

interface AboutFieldsProps {
  values: ProfileValues;
  set: (key: TextKey, value: string) => void;
  setPrompts: (prompts: ProfileValues['prompts']) => void;
  errors: FieldErrors;
}

export function AboutFields({ values, set, setPrompts, errors }: AboutFieldsProps) {
  const text = (key: TextKey, label: string, hint?: string) => (
    <TextField label={label} name={key} value={values[key]} onValueChange={(v) => set(key, v)} hint={hint} />
  );
  const select = (key: keyof typeof OPTIONS, label: string) => (
    <SelectField
      label={label}
      name={key}
      value={values[key]}
      onValueChange={(v) => set(key, v)}
      options={withCurrent(OPTIONS[key], values[key])}
      error={errors[`metadata.${key}`]}
    />
  );
  const chosen = interestList(values.interests);
  const toggleInterest = (interest: string) => {
    const has = chosen.some((i) => i.toLowerCase() === interest);
    const next = has ? chosen.filter((i) => i.toLowerCase() !== interest) : [...chosen, interest];
    set('interests', next.join(', '));
  };

  return (
    <div className="space-y-8">
      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-slate-900">About you</legend>
        <TextField
          label="Interests"
          name="interests"
          value={values.interests}
          onValueChange={(v) => set('interests', v)}
          hint="Separate with commas, e.g. cycling, board games, baking."
          error={errors.metadata}
        />
        <div role="group" aria-label="Suggested interests" className="flex flex-wrap gap-2">
          {INTEREST_SUGGESTIONS.map((interest) => {
            const on = chosen.some((i) => i.toLowerCase() === interest);
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
                {on ? '✓ ' : '+ '}
                {interest}
              </button>
            );
          })}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {text('pronouns', 'Pronouns', 'e.g. she/her')}
          {text('lifeSituation', 'Life situation', 'e.g. student, working from home, retired')}
          {text('work', 'Work')}
          {text('education', 'Education')}
          {text('lookingFor', 'Looking for', 'e.g. running buddies, friends, a babysitter')}
          {text('religion', 'Religion')}
          {select('newToArea', 'New to the area?')}
          {select('starSign', 'Star sign')}
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-slate-900">Personal details</legend>
        <p className="text-sm text-slate-500">
          All optional. Only approved residents of your community can see them.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          {select('gender', 'Gender')}
          {select('sexuality', 'Sexuality')}
          {select('relationshipStatus', 'Relationship status')}
          {select('hasKids', 'Kids')}
          {select('smoking', 'Smoking')}
          {select('drinking', 'Drinking')}
          {select('pets', 'Pets')}
        </div>
      </fieldset>

      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-slate-900">Prompts</legend>
        <p className="text-sm text-slate-500">
          Answer a question or two so neighbours have something to talk to you about.
        </p>
        {values.prompts.map((prompt, index) => (
          <div key={index} className="space-y-3 rounded-xl border border-slate-200 p-4">
            <TextField
              label={`Prompt ${index + 1}`}
              value={prompt.question}
              placeholder="e.g. The best spot in our neighbourhood is…"
              onValueChange={(question) =>
                setPrompts(values.prompts.map((p, i) => (i === index ? { ...p, question } : p)))
              }
            />
            <TextAreaField
              label={`Answer ${index + 1}`}
              rows={2}
              value={prompt.answer}
              onValueChange={(answer) =>
                setPrompts(values.prompts.map((p, i) => (i === index ? { ...p, answer } : p)))
              }
            />
            <Button
              variant="ghost"
              className="text-red-700"
              onClick={() => setPrompts(values.prompts.filter((_, i) => i !== index))}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" /> Remove prompt {index + 1}
            </Button>
          </div>
        ))}
        {values.prompts.length < MAX_PROMPTS ? (
          <Button
            variant="secondary"
            onClick={() => setPrompts([...values.prompts, { question: '', answer: '' }])}
          >
            <Plus className="h-4 w-4" aria-hidden="true" /> Add a prompt
          </Button>
        ) : null}
      </fieldset>
    </div>
  );
}
