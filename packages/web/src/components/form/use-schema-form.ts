/**
 * The submit flow every public form shares: validate with the shared zod schema, show the errors
 * next to their fields and focus the first, keep the button busy during the call, then put a
 * server error on its field when the server names one of `serverFields`, or show it as a toast.
 * A public page passes a loader instead of the schema: the schema (and zod) then load after the
 * first paint, off the page's first load, and a submit waits for them.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { ZodType } from 'zod';
import { toast } from '../../services/ui/toast.ts';
import { focusFirstInvalid } from './fields.tsx';
import { errorMessage, serverFieldError, validate, type FieldErrors } from './validate.ts';

export interface SchemaFormOptions {
  /** Fields a server error may be shown next to; anything else becomes a toast. */
  serverFields?: readonly string[];
  /** The toast when the call fails without a message of its own. */
  failure: string;
  /** Also keep a failure that names no field next to the form (`formError`), not only as a toast. */
  inlineFailure?: boolean;
}

export interface SchemaSubmit<T> {
  values: unknown;
  /** Errors the schema cannot see (e.g. a repeated password); merged with the schema's. */
  extraErrors?: (data: T | undefined, errors: FieldErrors) => FieldErrors;
  action: (data: T) => Promise<void>;
}

/** Loads a form's schema, e.g. `() => import('@stoop/shared/schemas/public-forms').then((m) => m.loginBodySchema)`. */
export type SchemaLoader<T> = () => Promise<ZodType<T>>;

export function useSchemaForm<T>(schema: ZodType<T> | SchemaLoader<T>, options: SchemaFormOptions) {
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const loaded = useRef<Promise<ZodType<T>> | null>(null);
  const load = () => {
    if (typeof schema !== 'function') return Promise.resolve(schema);
    loaded.current ??= schema().catch((error: unknown) => {
      loaded.current = null;
      throw error;
    });
    return loaded.current;
  };
  // Fetch a lazily loaded schema as soon as the form is on screen, so a submit rarely waits.
  useEffect(() => {
    if (typeof schema === 'function') load().catch(() => undefined);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per form; `load` caches
  }, []);

  async function submit(event: FormEvent, { values, extraErrors, action }: SchemaSubmit<T>): Promise<void> {
    event.preventDefault();
    let resolved: ZodType<T>;
    try {
      resolved = await load();
    } catch (error) {
      toast.error(errorMessage(error, options.failure));
      return;
    }
    const checked = validate(resolved, values);
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
    setFormError(null);
    setBusy(true);
    try {
      await action(checked.data);
    } catch (error) {
      const fieldErrors = serverFieldError(error, options.serverFields ?? []);
      if (fieldErrors) setErrors(fieldErrors);
      else {
        const message = errorMessage(error, options.failure);
        toast.error(message);
        if (options.inlineFailure) setFormError(message);
      }
    } finally {
      setBusy(false);
    }
  }

  return { form, errors, formError, busy, submit };
}
