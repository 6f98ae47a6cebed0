import { z } from 'zod';
import { createBackup } from '../ops/backup/backup.ts';
import { parseCommand, type Command } from './command.ts';
import { cliConfig } from './database.ts';

const schema = z.object({
  positionals: z
    .array(z.string().regex(/\.(tar\.gz|tgz)$/, 'the backup file name must end in .tar.gz or .tgz'))
    .length(1, 'name one backup file, e.g. backup stoop-2026-11-24.tar.gz'),
});

/** `backup <file>`. */
export const backupCommand: Command = {
  name: 'backup',
  summary: 'Write the database and the uploads into one .tar.gz (safe while the server runs).',
  usage: [
    'backup <file.tar.gz>',
    '  Embedded database (DATA_DIR): copied by the running server when one runs, else read directly.',
    '  PostgreSQL (DATABASE_URL): pg_dump in its custom format; pg_dump must be installed.',
    '  The upload folder (UPLOAD_DIR) is included.',
  ].join('\n'),
  async run(args, { env, output }) {
    const { positionals } = parseCommand(args, {}, schema);
    const file = positionals[0] ?? '';
    const summary = await createBackup(cliConfig(env), file);
    const source = summary.fromRunningServer ? ' (taken by the running server)' : '';
    output.out(
      `Backed up the ${summary.database} database${source} and ${summary.uploads} upload files to ${file}.`,
    );
  },
};
