/**
 * Real HTTP clients for the overload tests (R-LIMIT-13): sends over open keep-alive connections,
 * timed, into a listening server whose members are connected sockets.
 */
import http from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import type { Message } from '@stoop/shared';
import type { EnvInput } from '../config.ts';
import { listenOptions } from '../limits/listen.ts';
import type { Headers } from '../conversations/testing.ts';
import { connected, type Recorder } from '../realtime/testing.ts';
import { createTestApp, makeUser, sessionFor, type TestApp } from '../test/helpers.ts';

export type Answer = {
  status: number;
  retryAfter: string | null;
  body: { code?: string; message?: string };
  ms: number;
};

/** Keep-alive, no cap: every send of a burst gets its own connection. */
const burstAgent = () => new http.Agent({ keepAlive: true, maxSockets: Infinity });

/**
 * Opens `count` keep-alive connections while the server is idle. The server shares this process's
 * event loop, and while it is busy new connections come in one per turn of the loop, which would
 * spread a burst out; sends written on open connections arrive together, as from many devices.
 */
export async function openConnections(url: string, agent: http.Agent, count: number): Promise<void> {
  await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<void>((resolve, reject) => {
          const request = http.get(`${url}/healthz`, { agent }, (response) => {
            response.resume();
            response.on('end', () => resolve());
          });
          request.on('error', reject);
        }),
    ),
  );
}

/** One send over HTTP as the web client makes it (JSON), timed; a dropped connection rejects. */
function sendOver(
  url: string,
  agent: http.Agent,
  headers: Headers,
  conversationId: string,
  clientMessageId: string,
): Promise<Answer> {
  const started = performance.now();
  const body = JSON.stringify({ content: `Flood ${clientMessageId}`, clientMessageId });
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${url}/api/conversations/${conversationId}/messages`,
      { method: 'POST', agent, headers: { ...headers, 'content-type': 'application/json' } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const retryAfter = response.headers['retry-after'];
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: typeof retryAfter === 'string' ? retryAfter : null,
            body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as Answer['body'],
            ms: performance.now() - started,
          });
        });
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** A listening server, two senders and three members' sockets (the senders and one more). */
export interface OverloadRoom {
  app: TestApp['app'];
  url: string;
  alice: Headers;
  bob: Headers;
  members: Recorder[];
  agent: http.Agent;
  /** One send as the web client makes it, over the room's agent. */
  send(headers: Headers, conversationId: string, clientMessageId: string): Promise<Answer>;
  /** What a member's socket got of a conversation's new messages. */
  delivered(member: Recorder, conversationId: string): Message[];
}

/** Made before the file's tests (with these settings) and closed after them. */
export function overloadRoom(env: EnvInput): OverloadRoom {
  let t: TestApp | undefined;
  const room: OverloadRoom = {
    app: undefined as unknown as TestApp['app'], // set in beforeAll, before any test reads it
    url: '',
    alice: {},
    bob: {},
    members: [],
    agent: burstAgent(),
    send: (headers, conversationId, clientMessageId) =>
      sendOver(room.url, room.agent, headers, conversationId, clientMessageId),
    delivered: (member, conversationId) =>
      member.messages('message:new').filter((m: Message) => m.conversationId === conversationId),
  };
  beforeAll(async () => {
    t = await createTestApp(env);
    room.app = t.app;
    // A listening server, with the production listen options: the sends and sockets are real
    // network clients.
    room.url = await t.app.listen({ ...listenOptions(t.config), port: 0, host: '127.0.0.1' });
    room.alice = await sessionFor(t.app, await makeUser(t.app));
    room.bob = await sessionFor(t.app, await makeUser(t.app));
    const carol = await sessionFor(t.app, await makeUser(t.app));
    for (const who of [room.alice, room.bob, carol])
      room.members.push(await connected(room.url, who.cookie ?? ''));
  });
  afterAll(async () => {
    room.agent.destroy();
    for (const member of room.members) member.close();
    await t?.close();
  });
  return room;
}
