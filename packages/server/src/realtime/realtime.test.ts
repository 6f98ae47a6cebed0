import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesPageSchema, syncResultSchema, threadSchema, type Message } from '@stoop/shared';
import { makeChannel, makeDirect, sendText, type Headers } from '../conversations/testing.ts';
import { createTestApp, makeAdmin, makeUser, sessionFor, type TestApp } from '../test/helpers.ts';
import { conversationRoom } from './rooms.ts';
import { connected, openSocket, refusal, settle, until, type Recorder } from './testing.ts';

let t: TestApp;
let url: string;
let alice: Headers, bob: Headers, carol: Headers, admin: Headers, locked: Headers;
let bobId: string;
const sockets: Recorder[] = [];
const open = async (headers: Headers) => {
  const recorder = await connected(url, headers.cookie ?? '');
  sockets.push(recorder);
  return recorder;
};

beforeAll(async () => {
  t = await createTestApp();
  // A listening server: the sockets below are real network clients.
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = address;
  const b = await makeUser(t.app, { username: 'Bob Stone' });
  bobId = b.id;
  alice = await sessionFor(t.app, await makeUser(t.app, { username: 'Alice Park' }));
  bob = await sessionFor(t.app, b);
  carol = await sessionFor(t.app, await makeUser(t.app));
  admin = await sessionFor(t.app, await makeAdmin(t.app));
  locked = await sessionFor(t.app, await makeUser(t.app, { locked: true }));
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

const inject = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH',
  path: string,
  headers: Headers,
  payload?: object,
) => t.app.inject({ method, url: path, headers, ...(payload ? { payload } : {}) });

describe('R-RT-1: Socket.IO authenticated by the session cookie', () => {
  it('refuses anonymous and locked sockets with connect_error', async () => {
    expect(await refusal(url, undefined)).toBe('UNAUTHENTICATED');
    expect(await refusal(url, 'stoop_session=forged')).toBe('UNAUTHENTICATED');
    expect(await refusal(url, locked.cookie)).toBe('ACCOUNT_LOCKED');
  });

  it('A sends, B receives message:new exactly once; a non-participant receives nothing', async () => {
    const direct = await makeDirect(t.app, alice, bobId);
    const [a, b, c] = [await open(alice), await open(bob), await open(carol)];
    const sent = await sendText(t.app, alice, direct.id, 'Are you home for the plumber?');
    await until(() => b.messages('message:new').length > 0);
    await settle();
    // R-ACCESS-9: each gets its own abilities; the author's copy is the author's answer.
    const others = { edit: false, delete: false, hide: false, report: true, react: true };
    expect(b.messages('message:new')).toEqual([{ ...sent, abilities: others }]);
    expect(a.messages('message:new')).toEqual([sent]);
    expect(sent.abilities).toEqual({ edit: true, delete: true, hide: false, report: false, react: true });
    expect(c.messages('message:new').filter((m) => m.conversationId === direct.id)).toEqual([]);
  });

  it('a new direct conversation reaches both sockets, which then get its messages', async () => {
    const c = await open(carol);
    const b = await open(bob);
    const res = await inject('POST', '/api/conversations', carol, {
      type: 'direct',
      participantIds: [bobId],
    });
    const id = res.json<{ conversation: { id: string } }>().conversation.id;
    await until(() => b.of('conversation:created').length > 0);
    const sent = await sendText(t.app, carol, id, 'Hi Bob, I am in 4B');
    await until(() => b.messages('message:new').some((m) => m.id === sent.id));
    expect(c.messages('message:new').some((m) => m.id === sent.id)).toBe(true);
  });

  it('relays typing to the room but not back to the sender; join of a foreign direct is refused', async () => {
    const channel = await makeChannel(t.app, alice);
    const direct = await makeDirect(t.app, alice, bobId);
    const [a, b, c] = [await open(alice), await open(bob), await open(carol)];
    await until(() => b.of('conversation:created').length > 0 || true);
    a.socket.emit('typing', { conversationId: channel.id });
    await until(() => b.of('typing').length > 0);
    await settle();
    expect(b.of('typing')).toEqual([
      { conversationId: channel.id, userId: expect.any(String) as unknown, username: 'Alice Park' },
    ]);
    expect(a.of('typing')).toEqual([]);
    const ack = await new Promise((resolve) =>
      c.socket.emit('conversation:join', { conversationId: direct.id }, resolve),
    );
    expect(ack).toEqual({ ok: false, error: 'Conversation not found' });
    c.socket.emit('typing', { conversationId: direct.id });
    await settle();
    expect(
      b.of('typing').filter((p) => (p as { conversationId: string }).conversationId === direct.id),
    ).toEqual([]);
  });

  it('a flood of typing notices is relayed at most once per TYPING_RELAY_MIN_GAP_MS', async () => {
    const channel = await makeChannel(t.app, alice);
    const [a, b] = [await open(alice), await open(bob)];
    for (let i = 0; i < 20; i += 1) a.socket.emit('typing', { conversationId: channel.id });
    await until(() => b.of('typing').length > 0);
    await settle();
    expect(
      b.of('typing').filter((p) => (p as { conversationId: string }).conversationId === channel.id),
    ).toHaveLength(1);
  });

  it('R-ACCESS-2: when an admin hides a channel, residents’ sockets stop receiving its events', async () => {
    const channel = await makeChannel(t.app, alice);
    const [b, ad] = [await open(bob), await open(admin)];
    await inject('PATCH', `/api/conversations/${channel.id}/admin-hide-channel`, admin, {});
    await until(() => b.of('conversation:deleted').length > 0);
    await sendText(t.app, admin, channel.id, 'Only admins see this now');
    await until(() => ad.messages('message:new').some((m) => m.conversationId === channel.id));
    await settle();
    expect(b.messages('message:new').filter((m) => m.conversationId === channel.id)).toEqual([]);
  });

  it('presence lists online users', async () => {
    const b = await open(bob);
    await until(() => b.of('presence').length > 0);
    const last = b.of('presence').at(-1) as { online: string[] };
    expect(last.online).toContain(bobId);
  });
});

/** A client's message state: newest seq wins, as the web store merges events and sync pages. */
function apply(state: Map<string, Message>, message: Message): void {
  const known = state.get(message.id);
  if (!known || known.seq < message.seq) state.set(message.id, message);
}

async function freshState(conversationId: string, headers: Headers): Promise<Map<string, Message>> {
  const state = new Map<string, Message>();
  let query = '';
  for (;;) {
    const page = messagesPageSchema.parse(
      (
        await inject('GET', `/api/conversations/${conversationId}/messages?limit=100${query}`, headers)
      ).json(),
    );
    for (const m of page.messages) state.set(m.id, m);
    const oldest = page.messages[0];
    if (!page.hasMore || !oldest) break;
    query = `&beforeDate=${encodeURIComponent(oldest.createdAt)}&beforeId=${oldest.id}`;
  }
  for (const parent of [...state.values()].filter((m) => m.replies.length > 0)) {
    const thread = threadSchema.parse(
      (await inject('GET', `/api/messages/${parent.id}/thread`, headers)).json(),
    );
    for (const reply of thread.replies) state.set(reply.id, reply);
  }
  return state;
}

function eventState(recorder: Recorder, conversationId: string): Map<string, Message> {
  const state = new Map<string, Message>();
  for (const { name, payload } of recorder.events) {
    if (!name.startsWith('message:')) continue;
    const { message } = payload as { message: Message };
    if (message.conversationId === conversationId) apply(state, message);
  }
  return state;
}

describe('R-DELIVERY-3: nothing lost, missed or shown twice', () => {
  it('R-RT-4: by the time the client sees connect, its socket is in every room it may read (a sync on connect misses nothing)', async () => {
    const channel = await makeChannel(t.app, alice);
    const direct = await makeDirect(t.app, alice, bobId);
    const socket = openSocket(url, alice.cookie ?? '');
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      // No round trip first: at `connect` the client may already be asking /api/sync.
      for (const id of [channel.id, direct.id]) {
        const inRoom = await t.app.io.in(conversationRoom(id)).fetchSockets();
        expect(inRoom.map((s) => s.id)).toContain(socket.id);
      }
    } finally {
      socket.close();
    }
  });

  it('a client disconnected while 50 messages were sent, 5 edited and 5 deleted catches up all of it once via sync', async () => {
    const channel = await makeChannel(t.app, alice);
    const b = await open(bob);
    const before = await sendText(t.app, alice, channel.id, 'before the outage');
    await until(() => b.messages('message:new').some((m) => m.id === before.id));
    const highest = Math.max(
      ...b.events.flatMap((e) =>
        'message' in (e.payload as object) ? [(e.payload as { message: Message }).message.seq] : [],
      ),
    );
    b.close();

    const sent: Message[] = [];
    for (let i = 0; i < 50; i += 1) sent.push(await sendText(t.app, alice, channel.id, `update ${i}`));
    for (const m of sent.slice(0, 5))
      await inject('PUT', `/api/messages/${m.id}`, alice, { content: `${m.content} (edited)` });
    for (const m of sent.slice(5, 10)) await inject('DELETE', `/api/messages/${m.id}`, alice);

    const changes: Message[] = [];
    let after = highest;
    for (let more = true; more;) {
      const page = syncResultSchema.parse(
        (await inject('GET', `/api/sync?after=${after}&limit=7`, bob)).json(),
      );
      changes.push(...page.changes);
      after = page.next;
      more = page.hasMore;
    }
    const ours = changes.filter((m) => m.conversationId === channel.id);
    expect(ours).toHaveLength(50);
    expect(new Set(ours.map((m) => m.id)).size).toBe(50);
    // Bob's state starts from his own copy (his abilities, not the author's answer).
    const seen = b.messages('message:new').find((m) => m.id === before.id)!;
    const state = new Map<string, Message>([[before.id, seen]]);
    for (const m of ours) apply(state, m);
    expect(state).toEqual(await freshState(channel.id, bob));
  });

  it('property: after any sequence of sends, replies, edits, likes and deletes, the state from events equals a fresh fetch', async () => {
    const people = [alice, bob, carol];
    const op = fc.oneof(
      fc.record({
        kind: fc.constant('send' as const),
        who: fc.nat(2),
        text: fc.string({ minLength: 1, maxLength: 20 }),
        reply: fc.option(fc.nat(20)),
      }),
      fc.record({
        kind: fc.constant('edit' as const),
        target: fc.nat(20),
        text: fc.string({ minLength: 1, maxLength: 20 }),
      }),
      fc.record({ kind: fc.constant('like' as const), who: fc.nat(2), target: fc.nat(20) }),
      fc.record({ kind: fc.constant('unlike' as const), who: fc.nat(2), target: fc.nat(20) }),
      fc.record({ kind: fc.constant('delete' as const), target: fc.nat(20) }),
    );
    const watcher = await open(carol);
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        const channel = await makeChannel(t.app, alice);
        const sent: { id: string; author: Headers }[] = [];
        const pick = (i: number) => sent[i % Math.max(sent.length, 1)];
        for (const o of ops) {
          const headers = 'who' in o ? (people[o.who] as Headers) : alice;
          if (o.kind === 'send') {
            const parent = o.reply !== null ? pick(o.reply) : undefined;
            const res = await t.app.inject({
              method: 'POST',
              url: `/api/conversations/${channel.id}/messages`,
              headers,
              payload: { content: o.text.trim() || 'x', ...(parent ? { parentMessageId: parent.id } : {}) },
            });
            if (res.statusCode === 201)
              sent.push({ id: res.json<{ message: Message }>().message.id, author: headers });
          } else {
            const target = pick(o.target);
            if (!target) continue;
            if (o.kind === 'edit')
              await inject('PUT', `/api/messages/${target.id}`, target.author, {
                content: o.text.trim() || 'y',
              });
            if (o.kind === 'like') await inject('POST', `/api/messages/${target.id}/like`, headers);
            if (o.kind === 'unlike') await inject('DELETE', `/api/messages/${target.id}/like`, headers);
            if (o.kind === 'delete') await inject('DELETE', `/api/messages/${target.id}`, target.author);
          }
        }
        const fresh = await freshState(channel.id, carol);
        await until(
          () =>
            JSON.stringify([...eventState(watcher, channel.id)].sort()) === JSON.stringify([...fresh].sort()),
          3000,
        ).catch(() => undefined);
        expect(eventState(watcher, channel.id)).toEqual(fresh);
      }),
      { numRuns: 12 },
    );
  });
});
