/**
 * Turns a shared zod schema's verdict into one message per field for display next to the field.
 * Only zod's types are imported here; the schema object (and zod) come from the lazily loaded page.
 */
import type { ZodType } from 'zod';
import { isApiError } from '../../services/api-error.ts';

export type FieldErrors = Partial<Record<string, string>>;

export type Validation<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors };

export function validate<T>(schema: ZodType<T>, values: unknown): Validation<T> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= issue.message;
  }
  return { ok: false, errors };
}

/** A message fit for a toast, from anything a call can throw. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (isApiError(error) || error instanceof Error) return error.message || fallback;
  return fallback;
}

/** The server names the offending field for some errors; show those next to the field. */
export function serverFieldError(error: unknown, fields: readonly string[]): FieldErrors | null {
  if (isApiError(error) && error.field && fields.includes(error.field))
    return { [error.field]: error.message };
  return null;
}
