import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '@stoop/shared';
import { makeChannel, makeDirect, sendText } from '../conversations/testing.ts';
import { mailItems } from '../db/schema/index.ts';
import { until } from '../realtime/testing.ts';
import { createCommunity, type Community } from '../test/community.ts';
import { call, expectError } from '../test/http.ts';
import { unsubscribeToken } from '../notification-settings/service.ts';
import { queueMail } from './service.ts';
import { startSmtp, type TestSmtp } from './testing.ts';

/**
 * R-REACH-1, R-REACH-5, R-REACH-6, R-REACH-7: notification mail through a real SMTP server in this
 * process: batching per window, headers, unsubscribe, quiet hours, and no mail for what was read,
 * deleted or no longer readable.
 */
const CAST = {
  admin: { role: 'admin', username: 'Office' },
  priya: { username: 'Priya' },
  marcus: { username: 'Marcus' },
  bob: { username: 'Bob' },
  dana: { username: 'Dana' },
  erin: { username: 'Erin' },
  gil: { username: 'Gil' },
  hal: { username: 'Hal' },
  fay: { username: 'Fay' },
  ida: { username: 'Ida' },
  locked: { locked: true },
} as const;

let smtp: TestSmtp;
let t: Community<typeof CAST>;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createCommunity(CAST, {
    env: {
      SMTP_URL: smtp.url,
      COMMUNITY_NAME: 'Maple Court',
      EMAIL_NOTIFY_DELAY_SECONDS: '3',
      EMAIL_NOTIFY_URGENT_DELAY_SECONDS: '0',
      EMAIL_NOTIFY_POLL_MS: '50',
    },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

/**
 * Tests run in a random order and share one community, so the quiet-hours test's urgent announcement
 * reaches everyone: the other tests count only their own mail and items.
 */
const URGENT_SUBJECT = 'Urgent announcement: Water off tomorrow 9–12';
const mailsTo = (email: string, withUrgent = false) =>
  smtp.mails.filter(
    (m) => m.to && JSON.stringify(m.to).includes(email) && (withUrgent || m.subject !== URGENT_SUBJECT),
  );

/** Waits until nothing waits for the resident any more; answers each item's outcome. */
async function settledItems(userId: string) {
  let rows: (typeof mailItems.$inferSelect)[] = [];
  for (let i = 0; i < 200 && !(rows.length > 0 && rows.every((r) => r.sentAt !== null)); i += 1) {
    rows = (await t.db.select().from(mailItems).where(eq(mailItems.userId, userId))).filter(
      (r) => r.kind !== 'urgent',
    );
    await new Promise((r) => setTimeout(r, 50));
  }
  return rows;
}

async function putSettings(who: keyof typeof CAST, settings: NotificationSettings) {
  const res = await call(t.app, 'PUT', '/api/notification-settings', settings, t.people[who].headers);
  expect(res.statusCode, res.body).toBe(200);
}

describe('notification mail', () => {
  it('R-REACH-1: direct messages from two residents within one window are one mail, sent once', async () => {
    const { priya, marcus, bob } = t.people;
    const withPriya = await makeDirect(t.app, priya.headers, bob.id);
    const withMarcus = await makeDirect(t.app, marcus.headers, bob.id);
    await sendText(t.app, priya.headers, withPriya.id, 'Is the laundry room open today?');
    await sendText(t.app, marcus.headers, withMarcus.id, 'Parcel for you at my door');
    await sendText(t.app, priya.headers, withPriya.id, 'x'.repeat(400));
    await until(() => mailsTo(bob.email).length > 0, 8000);
    const [mail] = mailsTo(bob.email);
    expect(mail?.subject).toBe('3 new messages from Priya and Marcus');
    expect(mail?.text).toContain('Is the laundry room open today?');
    expect(mail?.text).toContain(`${'x'.repeat(299)}…`);
    expect(mail?.text).not.toContain('x'.repeat(300));
    expect(mail?.text).toContain(
      `http://stoop.test/main_dashboard/conversations/direct/${withPriya.id}#message-`,
    );
    expect(mail?.html).toContain('Maple Court');
    expect(mail?.from?.value[0]?.name).toBe('Maple Court');
    // Never a second mail for the same messages.
    await settledItems(bob.id);
    await new Promise((r) => setTimeout(r, 300));
    expect(mailsTo(bob.email)).toHaveLength(1);
  });

  it('R-REACH-1: two instances queueing at the same moment still share one window', async () => {
    // Each reads the open windows before the other has inserted its item, so neither joins the
    // other's; the later alignment pulls both onto the earlier due time, and the round mails them once.
    const { priya, gil } = t.people;
    const direct = await makeDirect(t.app, priya.headers, gil.id);
    const notice = (text: string) => ({
      userId: gil.id,
      kind: 'direct' as const,
      text,
      link: `/x/${direct.id}`,
    });
    const at = Date.now() + 60_000;
    await Promise.all([
      queueMail(t.app, [notice('First of two at once')], new Date(at)),
      queueMail(t.app, [notice('Second of two at once')], new Date(at + 300)),
    ]);
    const rows = (await t.db.select().from(mailItems).where(eq(mailItems.userId, gil.id))).filter(
      (r) => r.kind === 'direct',
    );
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.dueAt.getTime())).size).toBe(1);
  });

  it('R-REACH-1: the instance that queued first but inserted last still joins the other’s item', async () => {
    // The worst order of the race above, made certain: the later one queues, inserts and aligns
    // before the earlier one has inserted; the earlier one's window must take the later row in.
    const { priya, ida } = t.people;
    const direct = await makeDirect(t.app, priya.headers, ida.id);
    const notice = (text: string) => ({
      userId: ida.id,
      kind: 'direct' as const,
      text,
      link: `/x/${direct.id}`,
    });
    const at = Date.now() + 120_000;
    await queueMail(t.app, [notice('Queued second, inserted first')], new Date(at + 300));
    await queueMail(t.app, [notice('Queued first, inserted second')], new Date(at));
    const rows = (await t.db.select().from(mailItems).where(eq(mailItems.userId, ida.id))).filter(
      (r) => r.kind === 'direct' && r.dueAt.getTime() > Date.now() + 60_000,
    );
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.dueAt.getTime())).size).toBe(1);
  });

  it('R-REACH-7: carries RFC 8058 headers with a signed link that unsubscribes without a session', async () => {
    // A mail of its own: tests run in a random order.
    const { fay, priya } = t.people;
    await sendText(t.app, priya.headers, (await makeDirect(t.app, priya.headers, fay.id)).id, 'Hello Fay');
    await until(() => mailsTo(fay.email).length > 0, 8000);
    // Header lines unfolded (RFC 5322 folds long ones).
    const raw = (smtp.raw.find((r) => r.includes(fay.email)) ?? '').replace(/\r?\n[ \t]+/g, ' ');
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const link = /^List-Unsubscribe: <([^>]+)>\r?$/m.exec(raw)?.[1];
    expect(link).toMatch(/^http:\/\/stoop\.test\/api\/unsubscribe\?token=/);
    const [mail] = mailsTo(fay.email);
    expect(mail?.text).toContain('Notification settings: http://stoop.test/account_settings/notifications');
    const url = new URL(link ?? '');
    // A tampered token does nothing.
    const forged = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}?token=${url.searchParams.get('token')?.slice(0, -2)}xx`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expectError(forged, 400, { field: 'token', message: 'This unsubscribe link is not valid' });
    // Signed with another secret, for nobody, or no token at all: a 400 saying so, never a 500.
    const post = (query: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/unsubscribe${query}`,
        payload: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    expectError(
      await post(`?token=${unsubscribeToken('another-secret-that-is-long-enough-0000', fay.id)}`),
      400,
      {
        message: 'This unsubscribe link is not valid',
      },
    );
    expectError(await post(`?token=${unsubscribeToken(t.config.SESSION_SECRET, 'no-such-user')}`), 400, {
      message: 'This unsubscribe link is not valid',
    });
    expectError(await post(''), 400, { field: 'token' });
    const res = await t.app.inject({
      method: 'POST',
      url: url.pathname + url.search,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const settings = await call(t.app, 'GET', '/api/notification-settings', undefined, fay.headers);
    const channels = settings.json<{ settings: NotificationSettings }>().settings.channels;
    expect(Object.values(channels).every((c) => c === 'push' || c === 'none')).toBe(true);
    // Further messages queue no mail.
    const direct = await makeDirect(t.app, t.people.marcus.headers, fay.id);
    const before = (await t.db.select().from(mailItems).where(eq(mailItems.userId, fay.id))).length;
    await sendText(t.app, t.people.marcus.headers, direct.id, 'Still there?');
    await new Promise((r) => setTimeout(r, 300));
    expect(await t.db.select().from(mailItems).where(eq(mailItems.userId, fay.id))).toHaveLength(before);
  });

  it('R-REACH-1: read on another device before the delay ends: no mail', async () => {
    const { priya, dana } = t.people;
    const direct = await makeDirect(t.app, priya.headers, dana.id);
    const message = await sendText(t.app, priya.headers, direct.id, 'Read me in the app');
    const read = await call(
      t.app,
      'POST',
      `/api/conversations/${direct.id}/read`,
      { seq: message.seq },
      dana.headers,
    );
    expect(read.statusCode, read.body).toBeLessThan(300);
    const rows = await settledItems(dana.id);
    expect(rows.map((r) => r.dropped)).toEqual(['read or gone']);
    expect(mailsTo(dana.email)).toHaveLength(0);
  });

  it('R-REACH-6: a message deleted, or a channel hidden, before the delay ends is never mailed', async () => {
    const { priya, erin, admin } = t.people;
    const direct = await makeDirect(t.app, priya.headers, erin.id);
    const message = await sendText(t.app, priya.headers, direct.id, 'Oops, wrong person');
    const deleted = await call(t.app, 'DELETE', `/api/messages/${message.id}`, undefined, priya.headers);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const channel = await makeChannel(t.app, priya.headers);
    await sendText(t.app, priya.headers, channel.id, `@Erin look at this`);
    const hidden = await call(
      t.app,
      'PATCH',
      `/api/conversations/${channel.id}/admin-hide-channel`,
      undefined,
      admin.headers,
    );
    expect(hidden.statusCode, hidden.body).toBeLessThan(300);
    const rows = await settledItems(erin.id);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.dropped !== null)).toBe(true);
    expect(mailsTo(erin.email)).toHaveLength(0);
  });

  it('R-REACH-5: quiet hours hold mail back, except an urgent announcement', async () => {
    const { priya, marcus, admin } = t.people;
    const now = new Date();
    const hh = (h: number) => String((now.getUTCHours() + h + 24) % 24).padStart(2, '0');
    await putSettings('marcus', {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      quietHours: { start: `${hh(-1)}:00`, end: `${hh(2)}:00` },
      timeZone: 'UTC',
    });
    const direct = await makeDirect(t.app, priya.headers, marcus.id);
    await sendText(t.app, priya.headers, direct.id, 'Late-night question');
    await new Promise((r) => setTimeout(r, 3500));
    const waiting = await t.db.select().from(mailItems).where(eq(mailItems.userId, marcus.id));
    const quiet = waiting.filter((r) => r.sentAt === null);
    expect(quiet).toHaveLength(1);
    expect(quiet[0]!.dueAt.getUTCHours()).toBe(Number(hh(2)));
    const before = mailsTo(marcus.email, true).length;
    const res = await call(
      t.app,
      'POST',
      '/api/announcements',
      { title: 'Water off tomorrow 9–12', body: 'The main valve is being replaced.', urgent: true },
      admin.headers,
    );
    expect(res.statusCode, res.body).toBe(201);
    await until(() => mailsTo(marcus.email, true).length > before, 8000);
    const urgent = mailsTo(marcus.email, true).at(-1);
    expect(urgent?.subject).toBe(URGENT_SUBJECT);
    expect(urgent?.text).not.toContain('Late-night question');
  });
});

describe('notification settings: authorization and validation', () => {
  it('R-REACH-5: anonymous 401, locked 403, a resident reads and replaces their own', async () => {
    expectError(await call(t.app, 'GET', '/api/notification-settings'), 401);
    expectError(
      await call(t.app, 'GET', '/api/notification-settings', undefined, t.people.locked.headers),
      403,
    );
    const own = await call(t.app, 'GET', '/api/notification-settings', undefined, t.people.hal.headers);
    expect(own.json()).toEqual({ settings: DEFAULT_NOTIFICATION_SETTINGS });
    const next = { ...DEFAULT_NOTIFICATION_SETTINGS, dailyDigest: true, timeZone: 'Europe/Berlin' };
    await putSettings('hal', next);
    const after = await call(t.app, 'GET', '/api/notification-settings', undefined, t.people.hal.headers);
    expect(after.json()).toEqual({ settings: next });
    // Someone else's stays as it was.
    const erin = await call(t.app, 'GET', '/api/notification-settings', undefined, t.people.erin.headers);
    expect(erin.json<{ settings: NotificationSettings }>().settings.dailyDigest).toBe(false);
  });

  it('R-REACH-5: bad settings are a 400 naming the field', async () => {
    const bad = (body: unknown) =>
      call(t.app, 'PUT', '/api/notification-settings', body, t.people.hal.headers);
    expectError(await bad({ ...DEFAULT_NOTIFICATION_SETTINGS, timeZone: 'Mars/Olympus' }), 400, {
      field: 'timeZone',
    });
    expectError(
      await bad({
        ...DEFAULT_NOTIFICATION_SETTINGS,
        channels: { ...DEFAULT_NOTIFICATION_SETTINGS.channels, direct: 'sms' },
      }),
      400,
      { field: 'channels.direct' },
    );
    expectError(
      await bad({ ...DEFAULT_NOTIFICATION_SETTINGS, quietHours: { start: '25:00', end: '07:00' } }),
      400,
      {
        field: 'quietHours.start',
      },
    );
  });
});
