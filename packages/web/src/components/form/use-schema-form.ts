/**
 * The submit flow every public form shares: validate with the shared zod schema, show the errors
 * next to their fields and focus the first, keep the button busy during the call, then put a
 * server error on its field when the server names one of `serverFields`, or show it as a toast.
 */
import { useRef, useState, type FormEvent } from 'react';
import type { ZodType } from 'zod';
import { toast } from '../../services/ui/toast.ts';
import { focusFirstInvalid } from './fields.tsx';
import { errorMessage, serverFieldError, validate, type FieldErrors } from './validate.ts';

export interface SchemaFormOptions {
  /** Fields a server error may be shown next to; anything else becomes a toast. */
  serverFields?: readonly string[];
  /** The toast when the call fails without a message of its own. */
  failure: string;
}

export interface SchemaSubmit<T> {
  values: unknown;
  /** Errors the schema cannot see (e.g. a repeated password); merged with the schema's. */
  extraErrors?: (data: T | undefined, errors: FieldErrors) => FieldErrors;
  action: (data: T) => Promise<void>;
}

export function useSchemaForm<T>(schema: ZodType<T>, options: SchemaFormOptions) {
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent, { values, extraErrors, action }: SchemaSubmit<T>): Promise<void> {
    event.preventDefault();
    const checked = validate(schema, values);
    const schemaErrors = checked.ok ? {} : checked.errors;
    const found = extraErrors
      ? extraErrors(checked.ok ? checked.data : undefined, schemaErrors)
      : schemaErrors;
    if (!checked.ok || Object.keys(found).length > 0) {
      setErrors(found);
      requestAnimationFrame(() => focusFirstInvalid(form.current));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await action(checked.data);
    } catch (error) {
      const fieldErrors = serverFieldError(error, options.serverFields ?? []);
      if (fieldErrors) setErrors(fieldErrors);
      else toast.error(errorMessage(error, options.failure));
    } finally {
      setBusy(false);
    }
  }

  return { form, errors, busy, submit };
}
