import { writeFile } from 'node:fs/promises';
import { z } from 'zod';
import { exportCommunity } from '../ops/export/export.ts';
import { parseCommand, type Command } from './command.ts';
import { cliConfig, withDatabase } from './database.ts';
import { noPositionals, required } from './schemas.ts';

const schema = z.object({
  out: required().pipe(z.string().regex(/\.json$/, 'the export file name must end in .json')),
  'include-direct-messages': z.boolean().default(false),
  positionals: noPositionals,
});

/** R-OPS-15: `export --out <file> [--include-direct-messages]`. */
export const exportCommand: Command = {
  name: 'export',
  summary: 'Write the community (residents, channels, messages, announcements) as JSON.',
  usage: [
    'export --out <file.json> [--include-direct-messages]',
    '  Accounts without password hashes or settings, channels and their messages, announcements.',
    '  Direct conversations are private and left out unless --include-direct-messages is given.',
  ].join('\n'),
  async run(args, { env, output }) {
    const input = parseCommand(
      args,
      { out: { type: 'string' }, 'include-direct-messages': { type: 'boolean' } },
      schema,
    );
    const data = await withDatabase(cliConfig(env), { mustExist: true }, (db) =>
      exportCommunity(db, { includeDirectMessages: input['include-direct-messages'] }),
    );
    await writeFile(input.out, `${JSON.stringify(data, null, 2)}\n`, { mode: 0o600 });
    output.out(
      `Exported ${data.users.length} accounts, ${data.conversations.length} conversations and ${data.messages.length} messages to ${input.out}.`,
    );
  },
};
