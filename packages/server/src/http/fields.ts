import type { z } from 'zod';
import { Invalid } from '../errors.ts';

/**
 * Validates form fields (multipart bodies, which Fastify's schema does not see) with a zod schema,
 * answering 400 with the first offending field.
 */
export function parseFields<S extends z.ZodType>(schema: S, fields: unknown): z.infer<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.map(String).join('.') || undefined;
  throw new Invalid(`${field ? `${field}: ` : ''}${issue?.message ?? 'Invalid value'}`, field);
}
