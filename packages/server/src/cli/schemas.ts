import { z } from 'zod';

/** A required option; its absence says so rather than zod's type message. */
export const required = () =>
  z.string({ error: (issue) => (issue.input === undefined ? 'this option is required' : undefined) });

/** Commands that take only options. */
export const noPositionals = z
  .array(z.string())
  .max(0, { error: (issue) => `unexpected argument ${String((issue.input as string[])[0])}` });
