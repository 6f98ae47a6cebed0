/**
 * What bench/chat.ts measures (BENCH_DB): the server on PostgreSQL (pg) or on its embedded
 * database (pglite), or the bare reference on PostgreSQL (reference, bench/reference-server.ts).
 * Each is started on a scratch database (a data folder for pglite) with its clients made, and
 * answers the same calls, so every target runs through the same senders and member sockets.
 */
import { randomUUID } from 'node:crypto';
import { startStoop } from './support/stoop.ts';
import { adminSession, makeResidents, scratchDatabase } from './chat-support.ts';
import { DatabaseCpu } from './chat-database-cpu.ts';
import { referenceClients, startReference, type BenchClient } from './chat-reference.ts';

export const TARGETS = ['pg', 'pglite', 'reference'] as const;
export type TargetKind = (typeof TARGETS)[number];

export type Target = {
  kind: TargetKind;
  url: string;
  /** The measured process (for PGlite the database runs inside it). */
  pid: number;
  clients: BenchClient[];
  /** A new conversation every client may post to and read; its id. */
  newConversation(name: string): Promise<string>;
  /** The member sockets' handshake query (the reference joins the room it names). */
  socketQuery(conversationId: string): Record<string, string> | undefined;
  /** PostgreSQL's CPU for the target's scratch database; none for PGlite. */
  databaseCpu: DatabaseCpu | undefined;
  stop(): Promise<void>;
};

/** BENCH_DB: a comma-separated list of targets; `both` (the default) is pg,pglite. */
export function targetsOf(value: string | undefined): TargetKind[] {
  const names = (value ?? 'both').split(',').flatMap((name) => (name === 'both' ? ['pg', 'pglite'] : [name]));
  for (const name of names)
    if (!TARGETS.includes(name as TargetKind))
      throw new Error(`BENCH_DB: unknown target ${name} (one or more of ${TARGETS.join(', ')}, or both)`);
  return names as TargetKind[];
}

export async function startTarget(
  kind: TargetKind,
  env: Record<string, string>,
  nodeArgs: string[],
  clientCount: number,
): Promise<Target> {
  const database = kind === 'pglite' ? undefined : await scratchDatabase();
  const databaseCpu = database ? await DatabaseCpu.open(database.url) : undefined;
  const close = async () => {
    await databaseCpu?.close();
    await database?.drop();
  };
  if (kind === 'reference' && database) {
    const reference = await startReference(database.url, nodeArgs).catch(async (error: unknown) => {
      await close();
      throw error;
    });
    return {
      kind,
      url: reference.url,
      pid: reference.pid,
      clients: referenceClients(clientCount),
      newConversation: () => Promise.resolve(randomUUID()),
      socketQuery: (conversationId) => ({ conversation: conversationId }),
      databaseCpu,
      async stop() {
        await reference.stop();
        await close();
      },
    };
  }
  const stoop = await startStoop({
    env: { ...env, ...(database ? { DATABASE_URL: database.url } : {}) },
    nodeArgs,
  });
  const stop = async () => {
    await stoop.stop();
    await close();
  };
  let admin, clients;
  try {
    admin = await adminSession(stoop.url);
    clients = await makeResidents(stoop.url, admin, clientCount);
  } catch (error) {
    await stop();
    throw error;
  }
  const session = admin;
  return {
    kind,
    url: stoop.url,
    pid: stoop.pid,
    clients,
    async newConversation(name) {
      const channel = await session.request<{ conversation: { id: string } }>('POST', '/api/conversations', {
        type: 'channel',
        name,
      });
      return channel.conversation.id;
    },
    socketQuery: () => undefined,
    databaseCpu,
    stop,
  };
}
