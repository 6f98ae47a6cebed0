import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { OpsError } from './archive.ts';

const run = promisify(execFile);

/**
 * libpq settings for the PostgreSQL tools: the password goes through the environment, not the
 * command line, where every user of the machine could read it in the process list.
 */
function connection(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env: NodeJS.ProcessEnv = { ...process.env };
  if (password) env.PGPASSWORD = password;
  return { dbname: url.toString(), env };
}

async function runTool(tool: 'pg_dump' | 'pg_restore', args: string[], databaseUrl: string): Promise<void> {
  const { dbname, env } = connection(databaseUrl);
  try {
    await run(tool, [...args, `--dbname=${dbname}`], { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT') {
      throw new OpsError(
        `${tool} was not found on PATH. Install the PostgreSQL client tools (e.g. apt install postgresql-client) in a version at least that of the server.`,
      );
    }
    throw new OpsError(`${tool} failed: ${(failure.stderr ?? failure.message).trim()}`);
  }
}

/** pg_dump in its custom format: compressed, restorable table by table with pg_restore. */
export function pgDump(databaseUrl: string, file: string): Promise<void> {
  return runTool(
    'pg_dump',
    ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`],
    databaseUrl,
  );
}

/** pg_restore into the database, in one transaction; `clean` drops what the dump holds first. */
export function pgRestore(databaseUrl: string, file: string, clean: boolean): Promise<void> {
  const args = ['--no-owner', '--no-privileges', '--single-transaction', '--exit-on-error'];
  if (clean) args.push('--clean', '--if-exists');
  return runTool('pg_restore', [...args, file], databaseUrl);
}
