import { z } from 'zod';
import { emailSchema, passwordSchema, usernameSchema } from '@stoop/shared';
import { createAdmin, credentialsBox } from '../seed/admin.ts';
import { findUserWithEmail } from '../users/service.ts';
import { CliError, parseCommand, type Command } from './command.ts';
import { cliConfig, withDatabase } from './database.ts';
import { noPositionals, required } from './schemas.ts';

const schema = z.object({
  email: required().pipe(emailSchema),
  name: required().pipe(usernameSchema),
  password: passwordSchema.optional(),
  positionals: noPositionals,
});

/** `create-admin --email --name [--password]`. */
export const createAdminCommand: Command = {
  name: 'create-admin',
  summary: 'Create an admin account (a password is generated when none is given).',
  usage: [
    'create-admin --email <address> --name <display name> [--password <password>]',
    "  --email     the new admin's sign-in address (must not belong to an account yet)",
    '  --name      the name residents see',
    '  --password  at least 8 characters; without it one is generated and printed once',
  ].join('\n'),
  async run(args, { env, output }) {
    const input = parseCommand(
      args,
      { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } },
      schema,
    );
    const config = cliConfig(env);
    const admin = await withDatabase(config, { mustExist: false }, async (db) => {
      if (await findUserWithEmail(db, input.email)) {
        throw new CliError(`An account with the email ${input.email} already exists.`);
      }
      return createAdmin(db, input);
    });
    if (admin.generatedPassword)
      output.out(credentialsBox(admin.user.email, admin.generatedPassword, 'An admin account was created.'));
    else output.out(`Created the admin account ${admin.user.email}.`);
  },
};
