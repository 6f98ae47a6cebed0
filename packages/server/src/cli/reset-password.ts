import { z } from 'zod';
import { emailSchema, passwordSchema } from '@stoop/shared';
import { setPasswordAsOperator } from '../auth/service.ts';
import { credentialsBox, generatePassword } from '../seed/admin.ts';
import { findUserWithEmail } from '../users/service.ts';
import { CliError, parseCommand, type Command } from './command.ts';
import { cliConfig, withDatabase } from './database.ts';
import { noPositionals, required } from './schemas.ts';

const schema = z.object({
  email: required().pipe(emailSchema),
  password: passwordSchema.optional(),
  positionals: noPositionals,
});

/** `reset-password --email [--password]`; every session of the account ends. */
export const resetPasswordCommand: Command = {
  name: 'reset-password',
  summary: "Set an account's password and sign it out everywhere.",
  usage: [
    'reset-password --email <address> [--password <password>]',
    '  --email     the account',
    '  --password  at least 8 characters; without it one is generated and printed once',
  ].join('\n'),
  async run(args, { env, output }) {
    const input = parseCommand(args, { email: { type: 'string' }, password: { type: 'string' } }, schema);
    const config = cliConfig(env);
    const password = input.password ?? generatePassword();
    await withDatabase(config, { mustExist: true }, async (db) => {
      const user = await findUserWithEmail(db, input.email);
      if (!user) throw new CliError(`No account has the email ${input.email}.`);
      await setPasswordAsOperator(db, user.id, password);
    });
    if (input.password) output.out(`The password of ${input.email} was changed; all its sessions ended.`);
    else output.out(credentialsBox(input.email, password, 'The password was reset; all sessions ended.'));
  },
};
