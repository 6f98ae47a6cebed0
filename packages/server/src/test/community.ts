import type { EnvInput } from '../config.ts';
import { makeChannel, makeDirect } from '../conversations/testing.ts';
import type { UserRow } from '../db/schema/index.ts';
import {
  createTestApp,
  makeUser,
  sessionFor,
  type AuthHeaders,
  type MakeUserOptions,
  type TestApp,
} from './helpers.ts';

/** Someone of the test community: their row, password and signed-in headers. */
export type Person = UserRow & { password: string; headers: AuthHeaders };

/** Who lives in the community, by the name the test calls them: their options for makeUser. */
export type Cast = Record<string, MakeUserOptions>;

export type Community<C extends Cast> = TestApp & {
  people: { [K in keyof C]: Person };
  /** The listening address when asked for (`listen: true`): for real socket.io clients. */
  url: string;
};

/** The usual cast of an authorization test: an admin, three approved residents and a locked account. */
export const EVERY_ROLE = {
  admin: { role: 'admin' },
  alice: {},
  bob: {},
  carol: {},
  locked: { locked: true },
} as const satisfies Cast;

/**
 * A fresh community on a fresh database (a copy of the run's migrated template, test/template.ts):
 * the app, and everyone in `cast` created at once and signed in. Each test file (or test, where it
 * changes who is there) builds its own, so no test sees another's people or conversations.
 */
export async function createCommunity<C extends Cast>(
  cast: C,
  options: { env?: EnvInput; listen?: boolean } = {},
): Promise<Community<C>> {
  const t = await createTestApp(options.env);
  const url = options.listen ? await t.app.listen({ port: 0, host: '127.0.0.1' }) : '';
  const people = await Promise.all(
    Object.entries(cast).map(async ([key, spec]): Promise<[string, Person]> => {
      const user = await makeUser(t.app, spec);
      return [key, { ...user, headers: await sessionFor(t.app, user) }];
    }),
  );
  return { ...t, url, people: Object.fromEntries(people) as { [K in keyof C]: Person } };
}

/** Each person's signed-in headers, by name. */
export const headersOf = <K extends string>(people: Record<K, Person>) =>
  Object.fromEntries(Object.entries<Person>(people).map(([k, p]) => [k, p.headers])) as Record<
    K,
    AuthHeaders
  >;

/** Each person's user id, by name. */
export const idsOf = <K extends string>(people: Record<K, Person>) =>
  Object.fromEntries(Object.entries<Person>(people).map(([k, p]) => [k, p.id])) as Record<K, string>;

/**
 * EVERY_ROLE on a listening server (for real socket.io clients), with a channel Alice made and a
 * direct conversation of Alice and Bob: what the building features' tests (polls, events) start from.
 */
export async function createChatCommunity(env?: EnvInput) {
  const c = await createCommunity(EVERY_ROLE, { listen: true, ...(env ? { env } : {}) });
  const alice = c.people.alice.headers;
  const channelId = (await makeChannel(c.app, alice)).id;
  const directId = (await makeDirect(c.app, alice, c.people.bob.id)).id;
  return { ...c, channelId, directId };
}
