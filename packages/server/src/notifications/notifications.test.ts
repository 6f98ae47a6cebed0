import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notification } from '@stoop/shared';
import { and, eq } from 'drizzle-orm';
import { conversationParticipants } from '../db/schema/index.ts';
import { createCommunity, headersOf, idsOf } from '../test/community.ts';
import { csrfHeaders, makeUser, sessionFor, type TestApp } from '../test/helpers.ts';
import { call, expectError } from '../test/http.ts';
import { makeChannel, makeDirect, sendText, type Headers } from '../conversations/testing.ts';
import { settle } from '../realtime/testing.ts';
import { notificationsOf, waitForNotifications } from './testing.ts';

let t: TestApp;
let admin: Headers, alice: Headers, bob: Headers, carol: Headers, locked: Headers;
let adminId: string, aliceId: string, bobId: string, carolId: string;

beforeAll(async () => {
  const c = await createCommunity({
    admin: { role: 'admin', username: 'Admin Dee' },
    alice: { username: 'Alice Notify' },
    bob: { username: 'Bob Notify' },
    carol: { username: 'Carol Notify' },
    locked: { locked: true },
  });
  t = c;
  ({ admin, alice, bob, carol, locked } = headersOf(c.people));
  ({ admin: adminId, alice: aliceId, bob: bobId, carol: carolId } = idsOf(c.people));
});
afterAll(async () => t.close());

const about = (messageId: string) => (n: Notification) => n.messageId === messageId;
const ofMessage = async (headers: Headers, messageId: string) =>
  (await notificationsOf(t.app, headers)).data.filter(about(messageId));
const waitFor = (headers: Headers, match: (n: Notification) => boolean) =>
  waitForNotifications(t.app, headers, (page) => page.data.some(match));

describe('notifications from chat', () => {
  it('a mention notifies the mentioned resident only, with actor, ids, text and link', async () => {
    const channel = await makeChannel(t.app, alice);
    const sent = await sendText(t.app, alice, channel.id, 'Hi @Bob Notify, see this');
    const page = await waitFor(bob, about(sent.id));
    const notification = page.data.find(about(sent.id));
    expect(notification).toMatchObject({
      type: 'mention',
      conversationId: channel.id,
      messageId: sent.id,
      announcementId: null,
      read: false,
      link: `/main_dashboard/conversations/channel/${channel.id}#message-${sent.id}`,
    });
    expect(notification?.text).toContain('Alice Notify');
    expect(notification?.actor?.id).toBe(aliceId);
    expect(notification?.actor).not.toHaveProperty('email');
    await settle();
    expect(await ofMessage(alice, sent.id)).toEqual([]);
    expect(await ofMessage(carol, sent.id)).toEqual([]);
  });

  it('a reply notifies the thread’s author and those who replied, never the replier; links to the thread', async () => {
    const channel = await makeChannel(t.app, bob);
    const root = await sendText(t.app, bob, channel.id, 'Who has a ladder?');
    const first = await sendText(t.app, alice, channel.id, 'I do', { parentMessageId: root.id });
    const fromAlice = (await waitFor(bob, about(first.id))).data.find(about(first.id));
    expect(fromAlice).toMatchObject({
      type: 'reply',
      link: `/main_dashboard/thread/${root.id}#message-${first.id}`,
    });
    const second = await sendText(t.app, carol, channel.id, 'Me too', { parentMessageId: root.id });
    await waitFor(bob, about(second.id));
    await waitFor(alice, about(second.id));
    await settle();
    expect(await ofMessage(carol, second.id)).toEqual([]);
    expect(await ofMessage(alice, first.id)).toEqual([]);
  });

  it('a like notifies the author once, not for their own like; a direct conversation links as direct', async () => {
    const direct = await makeDirect(t.app, alice, bobId);
    const sent = await sendText(t.app, alice, direct.id, 'Parcel for you');
    const like = (headers: Headers, method: 'POST' | 'DELETE' = 'POST') =>
      call(t.app, method, `/api/messages/${sent.id}/like`, undefined, headers);
    expect((await like(alice)).statusCode).toBe(200);
    expect((await like(bob)).statusCode).toBe(200);
    const page = await waitFor(alice, about(sent.id));
    expect(page.data.filter(about(sent.id))).toEqual([
      expect.objectContaining({
        type: 'like',
        link: `/main_dashboard/conversations/direct/${direct.id}#message-${sent.id}`,
      }),
    ]);
    expect(page.data.find(about(sent.id))?.actor?.id).toBe(bobId);
    expect((await like(bob, 'DELETE')).statusCode).toBe(200);
    expect((await like(bob)).statusCode).toBe(200);
    await settle();
    expect(await ofMessage(alice, sent.id)).toHaveLength(1);
  });
});

describe('notifications from announcements and approval', () => {
  it('a new announcement notifies every approved resident but its author', async () => {
    const res = await call(t.app, 'POST', '/api/announcements', { title: 'Lift repair', body: 'b' }, admin);
    const { id } = res.json<{ announcement: { id: string } }>().announcement;
    const forIt = (n: Notification) => n.announcementId === id;
    for (const reader of [alice, bob, carol]) {
      const found = (await waitFor(reader, forIt)).data.find(forIt);
      expect(found).toMatchObject({ type: 'announcement', link: '/main_dashboard/announcements' });
      expect(found?.text).toContain('Lift repair');
      expect(found?.actor?.id).toBe(adminId);
    }
    await settle();
    expect((await notificationsOf(t.app, admin)).data.filter(forIt)).toEqual([]);
  });

  it('approval notifies the resident', async () => {
    const pending = await makeUser(t.app, { locked: true });
    expect(
      (await call(t.app, 'POST', `/api/admin/users/${pending.id}/approve`, undefined, admin)).statusCode,
    ).toBe(200);
    const headers = await sessionFor(t.app, pending);
    const page = await waitFor(headers, (n) => n.type === 'approved');
    expect(page.data.find((n) => n.type === 'approved')?.actor?.id).toBe(adminId);
  });
});

describe('GET /api/notifications and POST /api/notifications/mark-read', () => {
  it('counts unread; {ids} marks those (only the reader’s own), no payload marks all', async () => {
    // A reader of its own: notifications of other tests' mentions of Alice may still be arriving.
    const dora = await makeUser(t.app, { username: 'Dora Notify' });
    const reader = await sessionFor(t.app, dora);
    const channel = await makeChannel(t.app, carol);
    const one = await sendText(t.app, carol, channel.id, '@Dora Notify one');
    const two = await sendText(t.app, carol, channel.id, '@Dora Notify two');
    const before = await waitForNotifications(
      t.app,
      reader,
      (p) => p.data.some(about(one.id)) && p.data.some(about(two.id)),
    );
    const first = before.data.find(about(one.id));
    if (!first) throw new Error('no notification');
    // Another resident naming the reader's notification changes nothing.
    expect(
      (await call(t.app, 'POST', '/api/notifications/mark-read', { ids: [first.id] }, bob)).statusCode,
    ).toBe(200);
    expect((await notificationsOf(t.app, reader)).unread).toBe(before.unread);

    const marked = await call(t.app, 'POST', '/api/notifications/mark-read', { ids: [first.id] }, reader);
    expect(marked.json()).toEqual({ unread: before.unread - 1 });
    expect((await ofMessage(reader, one.id))[0]?.read).toBe(true);
    expect((await ofMessage(reader, two.id))[0]?.read).toBe(false);

    const all = await call(t.app, 'POST', '/api/notifications/mark-read', undefined, reader);
    expect(all.json()).toEqual({ unread: 0 });
    expect((await notificationsOf(t.app, reader)).unread).toBe(0);
  });

  it('pages newest first with total', async () => {
    const full = await notificationsOf(t.app, bob);
    const firstPage = await notificationsOf(t.app, bob, '?page=1&limit=1');
    const secondPage = await notificationsOf(t.app, bob, '?page=2&limit=1');
    expect(firstPage.total).toBe(full.total);
    expect([...firstPage.data, ...secondPage.data].map((n) => n.id)).toEqual(
      full.data.slice(0, 2).map((n) => n.id),
    );
  });

  it('validation: 400 naming the field; anonymous 401; locked 403', async () => {
    expectError(await call(t.app, 'GET', '/api/notifications?limit=1000', undefined, bob), 400, {
      field: 'limit',
    });
    const badIds = await call(t.app, 'POST', '/api/notifications/mark-read', { ids: ['x'] }, bob);
    expect(expectError(badIds, 400).field).toMatch(/^ids/);
    expectError(await call(t.app, 'POST', '/api/notifications/mark-read', { ids: 'x' }, bob), 400, {
      field: 'ids',
    });
    expectError(await call(t.app, 'GET', '/api/notifications', undefined, csrfHeaders(t.app)), 401);
    expectError(
      await call(t.app, 'POST', '/api/notifications/mark-read', undefined, csrfHeaders(t.app)),
      401,
    );
    expectError(await call(t.app, 'GET', '/api/notifications', undefined, locked), 403, {
      code: 'ACCOUNT_LOCKED',
    });
    expectError(await call(t.app, 'POST', '/api/notifications/mark-read', undefined, locked), 403, {
      code: 'ACCOUNT_LOCKED',
    });
  });
});

describe('leaks: what a reader may no longer read is neither listed nor counted', () => {
  it('notifications never cross residents', async () => {
    const [forAlice, forBob] = await Promise.all([
      notificationsOf(t.app, alice),
      notificationsOf(t.app, bob),
    ]);
    const bobIds = new Set(forBob.data.map((n) => n.id));
    expect(forAlice.data.some((n) => bobIds.has(n.id))).toBe(false);
  });

  it('a message in a channel now hidden, a deleted message, a direct conversation left', async () => {
    const hidden = await makeChannel(t.app, carol);
    const inHidden = await sendText(t.app, carol, hidden.id, '@Bob Notify hidden soon');
    const kept = await makeChannel(t.app, carol);
    const deleted = await sendText(t.app, carol, kept.id, '@Bob Notify deleted soon');
    const direct = await makeDirect(t.app, carol, bobId);
    const left = await sendText(t.app, carol, direct.id, '@Bob Notify left soon');
    const all = [inHidden, deleted, left].map((m) => about(m.id));
    const before = await waitForNotifications(t.app, bob, (p) => all.every((match) => p.data.some(match)));

    const hide = await call(
      t.app,
      'PATCH',
      `/api/conversations/${hidden.id}/admin-hide-channel`,
      undefined,
      admin,
    );
    expect(hide.statusCode, hide.body).toBe(200);
    expect((await call(t.app, 'DELETE', `/api/messages/${deleted.id}`, undefined, carol)).statusCode).toBe(
      200,
    );
    await t.db
      .delete(conversationParticipants)
      .where(
        and(
          eq(conversationParticipants.conversationId, direct.id),
          eq(conversationParticipants.userId, bobId),
        ),
      );

    const after = await notificationsOf(t.app, bob);
    expect(all.some((match) => after.data.some(match))).toBe(false);
    expect(after.total).toBe(before.total - 3);
    expect(after.unread).toBe(before.unread - 3);
  });
});

describe('PUT /api/conversations/{id}/mute', () => {
  it('a muted conversation notifies nothing and counts no badge; listed as muted; unmute restores', async () => {
    const channel = await makeChannel(t.app, alice);
    const earlier = await sendText(t.app, alice, channel.id, '@Carol Notify before the mute');
    await waitFor(carol, about(earlier.id));
    const mute = await call(t.app, 'PUT', `/api/conversations/${channel.id}/mute`, { muted: true }, carol);
    expect(mute.json()).toEqual({ conversationId: channel.id, muted: true });
    const muted = await call(t.app, 'GET', '/api/notifications/muted-conversations', undefined, carol);
    expect(muted.json<{ conversationIds: string[] }>().conversationIds).toContain(channel.id);
    expect(await ofMessage(carol, earlier.id)).toEqual([]);

    const during = await sendText(t.app, alice, channel.id, '@Carol Notify during the mute');
    await settle();
    await call(t.app, 'PUT', `/api/conversations/${channel.id}/mute`, { muted: false }, carol);
    expect(await ofMessage(carol, during.id)).toEqual([]);
    expect(await ofMessage(carol, earlier.id)).toHaveLength(1);
  });

  it('validation 400, unknown or unreadable conversation 404, anonymous 401, locked 403', async () => {
    const channel = await makeChannel(t.app, alice);
    const url = `/api/conversations/${channel.id}/mute`;
    expectError(await call(t.app, 'PUT', url, {}, bob), 400, { field: 'muted' });
    expectError(await call(t.app, 'PUT', url, { muted: 'yes' }, bob), 400, { field: 'muted' });
    const direct = await makeDirect(t.app, alice, carolId);
    expectError(await call(t.app, 'PUT', `/api/conversations/${direct.id}/mute`, { muted: true }, bob), 404);
    expectError(await call(t.app, 'PUT', url, { muted: true }, csrfHeaders(t.app)), 401);
    expectError(await call(t.app, 'PUT', url, { muted: true }, locked), 403, { code: 'ACCOUNT_LOCKED' });
    expectError(await call(t.app, 'GET', '/api/notifications/muted-conversations', undefined, locked), 403, {
      code: 'ACCOUNT_LOCKED',
    });
  });
});
