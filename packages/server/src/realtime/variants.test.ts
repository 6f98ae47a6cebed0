import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Message } from '@stoop/shared';
import { makeChannel, sendText, type Headers } from '../conversations/testing.ts';
import { createTestApp, makeAdmin, makeUser, sessionFor, type TestApp } from '../test/helpers.ts';
import {
  ADMINS_ROOM,
  RESIDENTS_ROOM,
  conversationAdminsRoom,
  conversationOfRoom,
  memberRoom,
  userRoom,
  type ChatServer,
} from './rooms.ts';
import { connected, settle, until, type Recorder } from './testing.ts';

/**
 * Decision 0038: an object goes out in one copy per variant (residents, admins, the owner's sockets
 * in the room), the owner's through `member:<conversation>:<user>` rooms with no lookup per event.
 */
let t: TestApp;
let url: string;
let author: Headers, reader: Headers, admin: Headers;
let authorId: string;
const sockets: Recorder[] = [];
const open = async (headers: Headers) => {
  const recorder = await connected(url, headers.cookie ?? '');
  sockets.push(recorder);
  return recorder;
};
const call = (method: 'POST' | 'PATCH' | 'DELETE', path: string, headers: Headers) =>
  t.app.inject({ method, url: path, headers });

beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const a = await makeUser(t.app);
  authorId = a.id;
  author = await sessionFor(t.app, a);
  reader = await sessionFor(t.app, await makeUser(t.app));
  admin = await sessionFor(t.app, await makeAdmin(t.app));
});
// Each test counts its own sockets: the ones of the test before are closed and gone.
afterEach(async () => {
  const ids = sockets.map((s) => s.socket.id ?? '');
  for (const s of sockets.splice(0)) s.close();
  await until(() => ids.every((id) => !t.app.io.of('/').adapter.sids.has(id)));
});
afterAll(async () => {
  await t.close();
});

/** Every socket is in `member:<c>:<its user>` exactly while it is in `conversation:<c>`, and no other. */
function expectMirrorHolds(io: ChatServer): void {
  const namespace = io.of('/');
  for (const [id, rooms] of namespace.adapter.sids) {
    const socket = namespace.sockets.get(id);
    if (!socket) continue;
    const expected = [...rooms].flatMap((room) => {
      const conversationId = conversationOfRoom(room);
      return conversationId ? [memberRoom(conversationId, socket.data.userId)] : [];
    });
    expect([...rooms].filter((room) => room.startsWith('member:')).sort()).toEqual(expected.sort());
  }
  // Emptied rooms are gone: a member room never outlives its sockets.
  for (const [room, ids] of namespace.adapter.rooms)
    if (room.startsWith('member:')) expect(ids.size).toBeGreaterThan(0);
}

const inMemberRoom = async (conversationId: string, userId: string) =>
  (await t.app.io.in(memberRoom(conversationId, userId)).fetchSockets()).map((s) => s.id).sort();

/** The socket heard `event` about the conversation. */
const heard = (recorder: Recorder, event: 'conversation:deleted' | 'conversation:updated', id: string) =>
  recorder
    .of(event)
    .some(
      (p) =>
        ((p as { conversationId?: string; conversation?: { id: string } }).conversationId ??
          (p as { conversation?: { id: string } }).conversation?.id) === id,
    );

const copiesOf = (recorder: Recorder, event: 'message:new' | 'message:liked', id: string): Message[] =>
  recorder.messages(event).filter((m) => m.id === id);

describe('R-ACCESS-9: one copy per variant, the owner’s without a lookup', () => {
  it('a new message reaches the author’s two sockets, a resident and an admin once each, with their abilities, and asks no socket list of the author', async () => {
    const channel = await makeChannel(t.app, admin);
    const [mine, mineToo, theirs, admins] = [
      await open(author),
      await open(author),
      await open(reader),
      await open(admin),
    ];
    expect(await inMemberRoom(channel.id, authorId)).toEqual(
      [mine.socket.id, mineToo.socket.id].sort() as string[],
    );
    const lookups = vi.spyOn(t.app.io.of('/').adapter, 'fetchSockets');
    try {
      const sent = await sendText(t.app, author, channel.id, 'The laundry room is free');
      await until(() =>
        [mine, mineToo, theirs, admins].every((s) => copiesOf(s, 'message:new', sent.id).length),
      );
      await settle();
      expect(copiesOf(mine, 'message:new', sent.id)).toEqual([sent]);
      expect(copiesOf(mineToo, 'message:new', sent.id)).toEqual([sent]);
      expect(copiesOf(theirs, 'message:new', sent.id)).toEqual([
        { ...sent, abilities: { edit: false, delete: false, hide: false, report: true, react: true } },
      ]);
      expect(copiesOf(admins, 'message:new', sent.id)).toEqual([
        { ...sent, abilities: { edit: false, delete: true, hide: true, report: true, react: true } },
      ]);
      const ofAuthor = lookups.mock.calls.filter(([opts]) => opts.rooms.has(userRoom(authorId)));
      expect(ofAuthor).toEqual([]);
    } finally {
      lookups.mockRestore();
    }
    expectMirrorHolds(t.app.io);
  });

  it('an admin author’s own copy is the admin’s answer; a like (role not known to the caller) gives each socket its own copy', async () => {
    const channel = await makeChannel(t.app, admin);
    const [admins, theirs] = [await open(admin), await open(reader)];
    const sent = await sendText(t.app, admin, channel.id, 'Water is off at 10');
    await until(() => copiesOf(admins, 'message:new', sent.id).length > 0);
    expect(sent.abilities).toEqual({ edit: true, delete: true, hide: true, report: false, react: true });
    const liked = await call('POST', `/api/messages/${sent.id}/like`, reader);
    expect(liked.statusCode, liked.body).toBe(200);
    await until(() => [admins, theirs].every((s) => copiesOf(s, 'message:liked', sent.id).length));
    await settle();
    expect(copiesOf(admins, 'message:new', sent.id)).toEqual([sent]);
    expect(copiesOf(admins, 'message:liked', sent.id).map((m) => m.abilities)).toEqual([sent.abilities]);
    expect(copiesOf(theirs, 'message:liked', sent.id).map((m) => m.abilities)).toEqual([
      { edit: false, delete: false, hide: false, report: true, react: true },
    ]);
  });
});

describe('R-ACCESS-2: the owner’s copy follows the room on every join and leave', () => {
  it('an author whose channel was hidden from them gets nothing of their message, and gets it again once unhidden', async () => {
    const channel = await makeChannel(t.app, admin);
    const mine = await open(author);
    const admins = await open(admin);
    const sent = await sendText(t.app, author, channel.id, 'Bike room key is at the desk');
    await until(() => copiesOf(mine, 'message:new', sent.id).length > 0);

    expect(
      (await call('PATCH', `/api/conversations/${channel.id}/admin-hide-channel`, admin)).statusCode,
    ).toBe(200);
    await until(() => heard(mine, 'conversation:deleted', channel.id));
    expect(await inMemberRoom(channel.id, authorId)).toEqual([]);
    expectMirrorHolds(t.app.io);
    // The admin's like is a change to the author's message: the author may no longer read it.
    expect((await call('POST', `/api/messages/${sent.id}/like`, admin)).statusCode).toBe(200);
    await until(() => copiesOf(admins, 'message:liked', sent.id).length > 0);
    await settle();
    expect(copiesOf(mine, 'message:liked', sent.id)).toEqual([]);

    // Unhidden: every socket joins the room again (io.socketsJoin), the author's member room too.
    expect(
      (await call('PATCH', `/api/conversations/${channel.id}/admin-hide-channel`, admin)).statusCode,
    ).toBe(200);
    await until(() => heard(mine, 'conversation:updated', channel.id));
    expect(await inMemberRoom(channel.id, authorId)).toEqual([mine.socket.id]);
    expectMirrorHolds(t.app.io);
    expect((await call('DELETE', `/api/messages/${sent.id}/like`, admin)).statusCode).toBe(200);
    await until(() => copiesOf(mine, 'message:liked', sent.id).length > 0);
    expect(copiesOf(mine, 'message:liked', sent.id).map((m) => m.abilities)).toEqual([sent.abilities]);
  });

  it('a socket that left the conversation gets nothing of its owner’s message; the other socket gets one copy', async () => {
    const channel = await makeChannel(t.app, admin);
    const [gone, stays, theirs] = [await open(author), await open(author), await open(reader)];
    const sent = await sendText(t.app, author, channel.id, 'Who left a stroller on 3?');
    await until(() => copiesOf(gone, 'message:new', sent.id).length > 0);
    await new Promise((resolve) =>
      gone.socket.emit('conversation:leave', { conversationId: channel.id }, resolve),
    );
    expect(await inMemberRoom(channel.id, authorId)).toEqual([stays.socket.id]);
    expectMirrorHolds(t.app.io);

    expect((await call('POST', `/api/messages/${sent.id}/like`, reader)).statusCode).toBe(200);
    await until(() => [stays, theirs].every((s) => copiesOf(s, 'message:liked', sent.id).length));
    await settle();
    expect(copiesOf(gone, 'message:liked', sent.id)).toEqual([]);
    expect(copiesOf(stays, 'message:liked', sent.id).map((m) => m.abilities)).toEqual([sent.abilities]);

    // Joining again is a join like any other.
    await new Promise((resolve) =>
      gone.socket.emit('conversation:join', { conversationId: channel.id }, resolve),
    );
    expect(await inMemberRoom(channel.id, authorId)).toEqual([gone.socket.id, stays.socket.id].sort());
  });

  it('a deleted conversation and a closed socket leave no member room behind', async () => {
    const channel = await makeChannel(t.app, admin);
    const mine = await open(author);
    const passing = await open(author);
    expect(await inMemberRoom(channel.id, authorId)).toEqual([mine.socket.id, passing.socket.id].sort());
    const passingId = passing.socket.id ?? '';
    passing.close();
    await until(() => !t.app.io.of('/').adapter.sids.has(passingId));
    expect(await inMemberRoom(channel.id, authorId)).toEqual([mine.socket.id]);

    expect((await call('DELETE', `/api/conversations/${channel.id}`, admin)).statusCode).toBeLessThan(300);
    await until(() => heard(mine, 'conversation:deleted', channel.id));
    expect(t.app.io.of('/').adapter.rooms.has(memberRoom(channel.id, authorId))).toBe(false);
    expectMirrorHolds(t.app.io);
  });
});

/** Every admin's socket is in `admins:<c>` exactly while it is in `conversation:<c>`; no other socket is. */
function expectAdminsMirrorHolds(io: ChatServer): void {
  const namespace = io.of('/');
  for (const [id, rooms] of namespace.adapter.sids) {
    const socket = namespace.sockets.get(id);
    if (!socket) continue;
    const expected =
      socket.data.role === 'admin'
        ? [...rooms].flatMap((room) => {
            const conversationId = conversationOfRoom(room);
            return conversationId ? [conversationAdminsRoom(conversationId)] : [];
          })
        : [];
    expect([...rooms].filter((room) => room.startsWith('admins:')).sort()).toEqual(expected.sort());
  }
  for (const [room, ids] of namespace.adapter.rooms)
    if (room.startsWith('admins:')) expect(ids.size).toBeGreaterThan(0);
}

describe('R-ACCESS-9: a room’s admins have a room of their own, so a copy passes over the room only', () => {
  it('the admins’ copy follows an admin socket’s joins and leaves, and no copy sets every resident socket aside', async () => {
    const channel = await makeChannel(t.app, admin);
    const [admins, theirs] = [await open(admin), await open(reader)];
    expectAdminsMirrorHolds(t.app.io);
    const broadcasts = vi.spyOn(t.app.io.of('/').adapter, 'broadcast');
    try {
      const sent = await sendText(t.app, author, channel.id, 'Parcel lockers are full');
      await until(() => [admins, theirs].every((s) => copiesOf(s, 'message:new', sent.id).length));
      const excepted = broadcasts.mock.calls.flatMap(([, opts]) => [...(opts.except ?? [])]);
      expect(excepted).not.toContain(RESIDENTS_ROOM);
      expect(excepted).not.toContain(ADMINS_ROOM);
    } finally {
      broadcasts.mockRestore();
    }

    await new Promise((resolve) =>
      admins.socket.emit('conversation:leave', { conversationId: channel.id }, resolve),
    );
    expectAdminsMirrorHolds(t.app.io);
    const unheard = await sendText(t.app, author, channel.id, 'Lockers emptied');
    await until(() => copiesOf(theirs, 'message:new', unheard.id).length > 0);
    await settle();
    expect(copiesOf(admins, 'message:new', unheard.id)).toEqual([]);

    await new Promise((resolve) =>
      admins.socket.emit('conversation:join', { conversationId: channel.id }, resolve),
    );
    expectAdminsMirrorHolds(t.app.io);
    const heardAgain = await sendText(t.app, author, channel.id, 'Lockers full again');
    await until(() => copiesOf(admins, 'message:new', heardAgain.id).length > 0);
    await settle();
    expect(copiesOf(admins, 'message:new', heardAgain.id).map((m) => m.abilities)).toEqual([
      { edit: false, delete: true, hide: true, report: true, react: true },
    ]);
    expect(copiesOf(theirs, 'message:new', heardAgain.id)).toHaveLength(1);

    const adminId = admins.socket.id ?? '';
    admins.close();
    await until(() => !t.app.io.of('/').adapter.sids.has(adminId));
    expect(t.app.io.of('/').adapter.rooms.has(conversationAdminsRoom(channel.id))).toBe(false);
    expectAdminsMirrorHolds(t.app.io);
  });
});
