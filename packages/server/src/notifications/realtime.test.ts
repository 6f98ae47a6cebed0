import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Announcement, Notification } from '@stoop/shared';
import {
  createTestApp,
  makeAdmin,
  makeUser,
  sessionFor,
  type AuthHeaders,
  type TestApp,
} from '../test/helpers.ts';
import { call } from '../test/http.ts';
import { makeChannel, sendText } from '../conversations/testing.ts';
import { connected, settle, until, type Recorder } from '../realtime/testing.ts';
import { notificationsOf } from './testing.ts';

let t: TestApp;
let url: string;
let admin: AuthHeaders, alice: AuthHeaders, bob: AuthHeaders;
let aliceSocket: Recorder, bobSocket: Recorder, adminSocket: Recorder;

beforeAll(async () => {
  t = await createTestApp();
  // A listening server: the sockets below are real network clients.
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await sessionFor(t.app, await makeAdmin(t.app));
  alice = await sessionFor(t.app, await makeUser(t.app, { username: 'Alice Live' }));
  bob = await sessionFor(t.app, await makeUser(t.app, { username: 'Bob Live' }));
  aliceSocket = await connected(url, alice.cookie);
  bobSocket = await connected(url, bob.cookie);
  adminSocket = await connected(url, admin.cookie);
});
afterAll(async () => {
  for (const s of [aliceSocket, bobSocket, adminSocket]) s.close();
  await t.close();
});

const announcementsOf = (r: Recorder, name: 'announcement:new' | 'announcement:updated') =>
  (r.of(name) as { announcement: Announcement }[]).map((p) => p.announcement);
const notificationsAt = (r: Recorder) =>
  (r.of('notification:new') as { notification: Notification }[]).map((p) => p.notification);

describe('live announcements and notifications', () => {
  it('announcement:new, :updated and :deleted reach every connected resident', async () => {
    const res = await call(
      t.app,
      'POST',
      '/api/announcements',
      { title: 'Live one', body: 'b', urgent: true },
      admin,
    );
    const { id } = res.json<{ announcement: Announcement }>().announcement;
    await until(() =>
      [aliceSocket, bobSocket].every((s) => announcementsOf(s, 'announcement:new').length > 0),
    );
    expect(announcementsOf(aliceSocket, 'announcement:new')).toEqual([
      expect.objectContaining({ id, title: 'Live one', urgent: true, read: false }),
    ]);

    await call(t.app, 'PATCH', `/api/announcements/${id}`, { pinned: true }, admin);
    await until(() =>
      announcementsOf(bobSocket, 'announcement:updated').some((a) => a.id === id && a.pinned),
    );
    await call(t.app, 'DELETE', `/api/announcements/${id}`, undefined, admin);
    await until(() => [aliceSocket, bobSocket].every((s) => s.of('announcement:deleted').length > 0));
    expect(bobSocket.of('announcement:deleted')).toEqual([{ announcementId: id }]);
  });

  it('notification:new goes to the recipient’s own sockets only', async () => {
    const before = notificationsAt(aliceSocket).length;
    const channel = await makeChannel(t.app, alice);
    const sent = await sendText(t.app, alice, channel.id, '@Bob Live look');
    await until(() => notificationsAt(bobSocket).some((n) => n.messageId === sent.id));
    const live = notificationsAt(bobSocket).find((n) => n.messageId === sent.id);
    expect(live).toMatchObject({ type: 'mention', read: false });
    expect((await notificationsOf(t.app, bob)).data.map((n) => n.id)).toContain(live?.id);
    await settle();
    expect(notificationsAt(aliceSocket)).toHaveLength(before);
    expect(notificationsAt(adminSocket).some((n) => n.messageId === sent.id)).toBe(false);
  });
});
