/**
 * Labelled form controls. Each shows its error right under the field, linked with
 * aria-describedby and aria-invalid so screen readers announce it with the field.
 */
import { PASSWORD_MIN_LENGTH } from '@stoop/shared/constants';
import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

const controlClass = (invalid: boolean) =>
  `block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-none focus:ring-2 sm:text-sm ${
    invalid
      ? 'border-red-500 focus:border-red-500 focus:ring-red-200'
      : 'border-slate-300 focus:border-brand-600 focus:ring-brand-100'
  }`;

interface FieldShellProps {
  id: string;
  label: string;
  error: string | undefined;
  hint: ReactNode | undefined;
  children: ReactNode;
}

function FieldShell({ id, label, error, hint, children }: FieldShellProps) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1.5">{children}</div>
      {hint && !error ? (
        <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The id and ARIA links every control shares with its label, hint and error. */
function useControl(givenId: string | undefined, error: string | undefined, hint: ReactNode | undefined) {
  const generated = useId();
  const id = givenId ?? generated;
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : hint ? `${id}-hint` : undefined,
  };
}

/** What a field of text shows and reports, apart from its control's own attributes. */
interface ValueFieldProps {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  error?: string | undefined;
  hint?: ReactNode;
}

type TextFieldProps = ValueFieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'>;

export function TextField({ label, value, onValueChange, error, hint, id, ...rest }: TextFieldProps) {
  const control = useControl(id, error, hint);
  return (
    <FieldShell id={control.id} label={label} error={error} hint={hint}>
      <input
        {...control}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        className={controlClass(Boolean(error))}
        {...rest}
      />
    </FieldShell>
  );
}

/** The email field of every form: one place for its type, keyboard and autofill hints. */
export function EmailField(props: Omit<TextFieldProps, 'label' | 'type' | 'name'>) {
  return (
    <TextField
      label="Email"
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      required
      {...props}
    />
  );
}

interface PasswordFieldProps extends Omit<TextFieldProps, 'type' | 'autoComplete'> {
  /** Which password it asks for: a password manager fills a saved one or offers a new one. */
  autoComplete: 'current-password' | 'new-password';
}

/** A required password field, named `password` unless told otherwise. */
export function PasswordField(props: PasswordFieldProps) {
  return <TextField type="password" name="password" required {...props} />;
}

/** The field that chooses a password, with the shared schema's minimum length as its hint. */
export function NewPasswordField(props: Omit<PasswordFieldProps, 'autoComplete' | 'hint'>) {
  return (
    <PasswordField
      autoComplete="new-password"
      hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
      {...props}
    />
  );
}

type TextAreaFieldProps = ValueFieldProps &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange' | 'value'>;

export function TextAreaField({
  label,
  value,
  onValueChange,
  error,
  hint,
  id,
  rows = 5,
  ...rest
}: TextAreaFieldProps) {
  const control = useControl(id, error, hint);
  return (
    <FieldShell id={control.id} label={label} error={error} hint={hint}>
      <textarea
        {...control}
        rows={rows}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        className={`${controlClass(Boolean(error))} resize-y`}
        {...rest}
      />
    </FieldShell>
  );
}

interface SelectFieldProps extends Omit<ValueFieldProps, 'hint'> {
  options: readonly { value: string; label: string }[];
  name?: string;
}

export function SelectField({ label, value, onValueChange, options, error, name }: SelectFieldProps) {
  const control = useControl(undefined, error, undefined);
  return (
    <FieldShell id={control.id} label={label} error={error} hint={undefined}>
      <select
        {...control}
        name={name}
        value={value}
        onChange={(e) => onValueChange(e.target.value)}
        className={controlClass(Boolean(error))}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldShell>
  );
}

/** Moves focus to the first field flagged invalid, so keyboard users land on the problem. */
export function focusFirstInvalid(form: HTMLFormElement | null): void {
  const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  first?.focus();
}
