import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRESENCE_WINDOW_MS } from '@stoop/shared';
import { createTestApp, makeUser, sessionFor, type TestApp } from '../test/helpers.ts';
import { connected, settle, until, type Recorder } from '../realtime/testing.ts';

/** R-RT-11 on one instance, with real socket.io clients on a listening server. */
let t: TestApp;
let url: string;
const sockets: Recorder[] = [];
const resident = async () => {
  const user = await makeUser(t.app);
  return { id: user.id, cookie: (await sessionFor(t.app, user)).cookie };
};
const open = async (cookie: string) => {
  const recorder = await connected(url, cookie);
  sockets.push(recorder);
  return recorder;
};
const windowPassed = () => settle(PRESENCE_WINDOW_MS + 150);
type Change = { online: string[]; offline: string[] };

beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.close();
});

describe('R-RT-11: presence is the whole set once, then changes', () => {
  it('a resident sees others come online and go offline as changes, never the whole set again', async () => {
    const me = await resident();
    const watcher = await open(me.cookie);
    await until(() => watcher.of('presence').length === 1);
    expect(watcher.online().has(me.id)).toBe(true);

    const neighbour = await resident();
    const visit = await open(neighbour.cookie);
    await until(() => watcher.online().has(neighbour.id));
    visit.close();
    await until(() => !watcher.online().has(neighbour.id));

    const changes = watcher.of('presence:changed') as Change[];
    expect(changes.some((c) => c.online.includes(neighbour.id))).toBe(true);
    expect(changes.some((c) => c.offline.includes(neighbour.id))).toBe(true);
    expect(watcher.of('presence')).toHaveLength(1);
  });

  it('a late joiner gets everyone online in one whole set, and no change of its own arrival', async () => {
    const early = [await resident(), await resident()];
    for (const r of early) await open(r.cookie);
    const late = await resident();
    const joiner = await open(late.cookie);
    await until(() => joiner.of('presence').length > 0);
    const [whole] = joiner.of('presence') as { online: string[] }[];
    for (const id of [...early.map((r) => r.id), late.id]) expect(whole?.online).toContain(id);
    await windowPassed();
    expect(joiner.of('presence')).toHaveLength(1);
    expect((joiner.of('presence:changed') as Change[]).some((c) => c.online.includes(late.id))).toBe(false);
  });

  it('a second tab announces nothing; the last tab closing announces offline once', async () => {
    const watcher = await open((await resident()).cookie);
    await until(() => watcher.of('presence').length > 0);
    const twoTabs = await resident();
    const first = await open(twoTabs.cookie);
    await until(() => watcher.online().has(twoTabs.id));
    await windowPassed();
    const mentions = () =>
      (watcher.of('presence:changed') as Change[]).filter(
        (c) => c.online.includes(twoTabs.id) || c.offline.includes(twoTabs.id),
      ).length;
    expect(mentions()).toBe(1);
    const second = await open(twoTabs.cookie);
    await windowPassed();
    first.close();
    await windowPassed();
    expect(mentions()).toBe(1);
    expect(watcher.online().has(twoTabs.id)).toBe(true);
    second.close();
    await until(() => !watcher.online().has(twoTabs.id));
    expect(mentions()).toBe(2);
  });

  it('a reconnect storm reaches a resident as a few batched changes, not one message per socket', async () => {
    const watcher = await open((await resident()).cookie);
    await until(() => watcher.of('presence').length > 0);
    await windowPassed();
    const before = watcher.of('presence:changed').length;
    const storm = await Promise.all(Array.from({ length: 30 }, resident));
    await Promise.all(storm.map((r) => open(r.cookie)));
    await until(() => storm.every((r) => watcher.online().has(r.id)));
    const changes = watcher.of('presence:changed').length - before;
    // The handshakes of 30 sockets take a few windows on a loaded machine; never one each.
    expect(changes).toBeLessThan(10);
  });
});
