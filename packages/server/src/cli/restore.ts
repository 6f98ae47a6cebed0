import { z } from 'zod';
import { restoreBackup } from '../ops/backup/restore.ts';
import { parseCommand, type Command } from './command.ts';
import { cliConfig } from './database.ts';

const schema = z.object({
  force: z.boolean().default(false),
  positionals: z.array(z.string()).length(1, 'name one backup file to restore'),
});

/** R-OPS-14: `restore <file> [--force]`. */
export const restoreCommand: Command = {
  name: 'restore',
  summary: 'Restore a backup into an empty database and upload folder.',
  usage: [
    'restore <file.tar.gz> [--force]',
    '  Refuses when the database or UPLOAD_DIR is not empty; --force replaces them.',
    '  Stop the server first. Migrations newer than the backup run when it starts again.',
  ].join('\n'),
  async run(args, { env, output }) {
    const input = parseCommand(args, { force: { type: 'boolean' } }, schema);
    const file = input.positionals[0] ?? '';
    const manifest = await restoreBackup(cliConfig(env), file, { force: input.force });
    output.out(`Restored the ${manifest.database} backup of ${manifest.createdAt} from ${file}.`);
  },
};
