import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { z } from 'zod';
import type { EnvInput } from '../config.ts';

/** Misuse of the command line: printed with the command's usage, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** A failure the operator can act on: printed as is, exit code 1, never a stack trace. */
export class CliError extends Error {
  override name = 'CliError';
}

type Output = { out(text: string): void; err(text: string): void };

export type CommandContext = { env: EnvInput; output: Output };

export type Command = {
  name: string;
  /** One line for the command list. */
  summary: string;
  /** The synopsis and the options, shown by `help <command>` and after a usage error. */
  usage: string;
  run(args: string[], context: CommandContext): Promise<void>;
};

/**
 * Parses `args` against the options (unknown options and missing values are usage errors), then
 * validates options and positionals with `schema`; the first issue becomes the message.
 */
export function parseCommand<S extends z.ZodType>(
  args: string[],
  options: NonNullable<ParseArgsConfig['options']>,
  schema: S,
): z.infer<S> {
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgs({ args, options, strict: true, allowPositionals: true });
  } catch (error) {
    throw new UsageError((error as Error).message.replace(/\. To specify a positional.*$/s, '.'));
  }
  const checked = schema.safeParse({ ...parsed.values, positionals: parsed.positionals });
  if (!checked.success) {
    const issue = checked.error.issues[0];
    const at = issue?.path[0];
    const where = at === 'positionals' ? '' : at === undefined ? '' : `--${String(at)}: `;
    throw new UsageError(`${where}${issue?.message ?? 'invalid arguments'}`);
  }
  return checked.data;
}
