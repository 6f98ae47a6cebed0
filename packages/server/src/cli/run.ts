import { OpsError } from '../ops/backup/archive.ts';
import { backupCommand } from './backup.ts';
import { CliError, UsageError, type Command, type CommandContext } from './command.ts';
import { createAdminCommand } from './create-admin.ts';
import { exportCommand } from './export.ts';
import { resetPasswordCommand } from './reset-password.ts';
import { restoreCommand } from './restore.ts';

const INVOCATION = 'npm run stoop --';

const COMMANDS: Command[] = [
  createAdminCommand,
  resetPasswordCommand,
  backupCommand,
  restoreCommand,
  exportCommand,
];

function overview(): string {
  const width = Math.max(...COMMANDS.map((c) => c.name.length), 'help'.length);
  return [
    `Usage: ${INVOCATION} <command> [options]`,
    '',
    'Commands:',
    ...COMMANDS.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    `  ${'help'.padEnd(width)}  Show this list, or one command's options: help <command>.`,
    '',
    'The commands read the same environment as the server (DATA_DIR or DATABASE_URL, UPLOAD_DIR).',
  ].join('\n');
}

const usageOf = (command: Command) => `Usage: ${INVOCATION} ${command.usage}`;

/**
 * The `stoop` command line. Returns the exit code: 0 done, 1 failed (the message says
 * why), 2 misused (the message and the usage). Only an unexpected failure prints a stack trace.
 */
export async function runCli(argv: string[], context: CommandContext): Promise<number> {
  const { output } = context;
  const [name, ...args] = argv;
  if (name === undefined) {
    output.err(overview());
    return 2;
  }
  if (name === 'help' || name === '--help' || name === '-h') {
    const topic = args[0];
    if (topic === undefined) {
      output.out(overview());
      return 0;
    }
    const command = COMMANDS.find((c) => c.name === topic);
    if (!command) {
      output.err(`Unknown command "${topic}".\n\n${overview()}`);
      return 2;
    }
    output.out(usageOf(command));
    return 0;
  }
  const command = COMMANDS.find((c) => c.name === name);
  if (!command) {
    output.err(`Unknown command "${name}". Run \`${INVOCATION} help\` for the list.`);
    return 2;
  }
  if (args.includes('--help') || args.includes('-h')) {
    output.out(usageOf(command));
    return 0;
  }
  try {
    await command.run(args, context);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      output.err(`${command.name}: ${error.message}\n\n${usageOf(command)}`);
      return 2;
    }
    if (error instanceof CliError || error instanceof OpsError) {
      output.err(`${command.name}: ${error.message}`);
      return 1;
    }
    const code = (error as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && (error as NodeJS.ErrnoException).syscall) {
      // A file-system refusal (no such folder, no permission): the message names the path.
      output.err(`${command.name}: ${(error as Error).message}`);
      return 1;
    }
    output.err(
      `${command.name} failed unexpectedly:\n${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    return 1;
  }
}
