import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { messageResponseSchema, messagesPageSchema } from '@stoop/shared';
import { conversationParticipants, messages } from '../db/schema/index.ts';
import { formOf, injectForm, makeChannel, makeDirect, type Headers } from '../conversations/testing.ts';
import { createTestApp, makeUser, sessionFor, type TestApp } from '../test/helpers.ts';
import { SendBatcher, type SendJob } from './send-batcher.ts';

let t: TestApp;
let alice: Headers, bob: Headers;
let aliceId: string, bobId: string;

beforeAll(async () => {
  t = await createTestApp();
  const a = await makeUser(t.app, { username: 'Alice Batch' });
  const b = await makeUser(t.app, { username: 'Bob Batch' });
  aliceId = a.id;
  bobId = b.id;
  alice = await sessionFor(t.app, a);
  bob = await sessionFor(t.app, b);
});
afterAll(async () => t.close());

const job = (
  conversationId: string,
  userId: string,
  content: string,
  clientMessageId: string | null = null,
): SendJob => ({
  message: {
    id: uuidv7(),
    conversationId,
    userId,
    parentMessageId: null,
    content,
    clientMessageId,
    fileId: null,
    mentionedUsers: [],
  },
  file: undefined,
  seesHidden: false,
});

describe('group commit of sends', () => {
  it('R-DELIVERY-1: concurrent sends repeating clientMessageIds, within a batch and across batches, create each message once', async () => {
    const channel = await makeChannel(t.app, alice);
    const url = `/api/conversations/${channel.id}/messages`;
    const ids = Array.from({ length: 12 }, (_, i) => `dup-${i}`);
    // Every id is sent three times at once (some copies land in one batch, some in the next), by two users.
    const sends = [...ids, ...ids, ...ids].flatMap((id) => [
      injectForm(t.app, 'POST', url, formOf({ content: `text ${id}`, clientMessageId: id }), alice),
      injectForm(t.app, 'POST', url, formOf({ content: `text ${id}`, clientMessageId: id }), bob),
    ]);
    const answers = await Promise.all(sends);
    for (const res of answers) expect([200, 201]).toContain(res.statusCode);
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(ids.length * 2);
    const byKey = new Map<string, string>();
    for (const res of answers) {
      const m = messageResponseSchema.parse(res.json()).message;
      const key = `${m.userId}:${m.clientMessageId ?? ''}`;
      expect(byKey.get(key) ?? m.id).toBe(m.id);
      byKey.set(key, m.id);
    }
    const page = messagesPageSchema.parse(
      (await t.app.inject({ method: 'GET', url: `${url}?limit=100`, headers: alice })).json(),
    );
    expect(page.messages).toHaveLength(ids.length * 2);
    expect(new Set(page.messages.map((m) => m.id))).toEqual(new Set(byKey.values()));
  });

  it('a send that cannot be written fails alone; the rest of its batch commits', async () => {
    const channel = await makeChannel(t.app, alice);
    const batcher = new SendBatcher(t.db);
    const good = Array.from({ length: 5 }, (_, i) => job(channel.id, aliceId, `good ${i}`));
    // A file id that names no file: the foreign key rejects it, which fails the whole first attempt.
    const bad = job(channel.id, aliceId, 'with a lost file');
    bad.message.fileId = uuidv7();
    const results = await Promise.allSettled(
      [...good.slice(0, 2), bad, ...good.slice(2)].map((j) => batcher.submit(j)),
    );
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    const rows = await t.db.select().from(messages).where(eq(messages.conversationId, channel.id));
    expect(rows.map((r) => r.content).sort()).toEqual(good.map((g) => g.message.content).sort());
    // Each row's seq is its created seq, all distinct.
    for (const row of rows) expect(row.createdSeq).toBe(row.seq);
    expect(new Set(rows.map((r) => r.seq)).size).toBe(rows.length);
  });

  it('a first post joins the channel once, even with several sends in one batch', async () => {
    const channel = await makeChannel(t.app, alice);
    const batcher = new SendBatcher(t.db);
    const jobs = [1, 2, 3].map((i) => job(channel.id, bobId, `hi ${i}`));
    const outcomes = await Promise.all(jobs.map((j) => batcher.submit(j)));
    expect(outcomes.every((o) => o.created)).toBe(true);
    const joined = await t.db
      .select()
      .from(conversationParticipants)
      .where(
        and(
          eq(conversationParticipants.conversationId, channel.id),
          eq(conversationParticipants.userId, bobId),
        ),
      );
    expect(joined).toHaveLength(1);
    // Caught up on joining: their own messages are not unread.
    const maxSeq = Math.max(...outcomes.map((o) => (o.created ? o.row.createdSeq : 0)));
    expect(joined[0]?.lastReadSeq).toBe(maxSeq);
  });

  it('R-ACCESS-1, R-ACCESS-2: the insert skips a send its author may not post, takes no seq for it and joins nobody', async () => {
    const channel = await makeChannel(t.app, alice);
    const direct = await makeDirect(t.app, alice, bobId);
    const eve = await makeUser(t.app, { username: 'Eve Batch' });
    const batcher = new SendBatcher(t.db);
    const outcomes = await Promise.all(
      [
        job(channel.id, aliceId, 'first'),
        job(direct.id, eve.id, 'not my conversation'),
        job(uuidv7(), eve.id, 'no such conversation'),
        job(channel.id, aliceId, 'second'),
      ].map((j) => batcher.submit(j)),
    );
    expect(outcomes.map((o) => o.created)).toEqual([true, false, false, true]);
    const [first, , , second] = outcomes;
    // The refused rows took no seq: the allowed ones follow each other.
    if (!first?.created || !second?.created) throw new Error('expected both sends created');
    expect(second.row.seq).toBe(first.row.seq + 1);
    const eveRows = await t.db.select().from(messages).where(eq(messages.userId, eve.id));
    expect(eveRows).toEqual([]);
    const eveJoins = await t.db
      .select()
      .from(conversationParticipants)
      .where(eq(conversationParticipants.userId, eve.id));
    expect(eveJoins).toEqual([]);
  });

  it('R-CONV-6, R-API-16: a first post joins in the same one-statement batch as plain sends; a repeat joins nobody', async () => {
    const channel = await makeChannel(t.app, alice);
    const carol = await makeUser(t.app, { username: 'Carol Batch' });
    const dave = await makeUser(t.app, { username: 'Dave Batch' });
    // Dave's second send repeats his clientMessageId in the same batch: not inserted, no second join.
    const batcher = new SendBatcher(t.db);
    const jobs = [
      job(channel.id, aliceId, 'plain before'),
      job(channel.id, carol.id, 'carol joins', 'c-1'),
      job(channel.id, aliceId, 'plain after'),
      job(channel.id, dave.id, 'dave joins', 'd-1'),
      job(channel.id, dave.id, 'dave repeats', 'd-1'),
    ];
    const outcomes = await Promise.all(jobs.map((j) => batcher.submit(j)));
    expect(outcomes.map((o) => o.created)).toEqual([true, true, true, true, false]);
    const rows = await t.db
      .select()
      .from(conversationParticipants)
      .where(
        and(
          eq(conversationParticipants.conversationId, channel.id),
          inArray(conversationParticipants.userId, [carol.id, dave.id]),
        ),
      );
    const seqOf = (i: number) => {
      const o = outcomes[i];
      return o?.created ? o.row.createdSeq : Number.NaN;
    };
    // Each joiner has read up to their own post; Alice's later post stays unread for Carol.
    expect(new Map(rows.map((r) => [r.userId, r.lastReadSeq]))).toEqual(
      new Map([
        [carol.id, seqOf(1)],
        [dave.id, seqOf(3)],
      ]),
    );
    expect(seqOf(2)).toBeGreaterThan(seqOf(1));
  });

  it('R-DELIVERY-2: seq order is commit order across batches and across two writers (instances)', async () => {
    const channel = await makeChannel(t.app, alice);
    const writers = [new SendBatcher(t.db), new SendBatcher(t.db)];
    const seen = new Set<number>();
    let maxSeen = 0;
    let violations = 0;
    let sending = true;
    // A sync reader: every row it finds at or below a seq it has already passed would be a skipped change.
    const reader = (async () => {
      while (sending) {
        const rows = await t.db
          .select({ seq: messages.seq })
          .from(messages)
          .where(eq(messages.conversationId, channel.id));
        for (const { seq } of rows) {
          if (!seen.has(seq) && seq <= maxSeen) violations += 1;
          seen.add(seq);
        }
        maxSeen = Math.max(maxSeen, ...rows.map((r) => r.seq));
        await new Promise((r) => setImmediate(r));
      }
    })();
    const submitted: Promise<unknown>[] = [];
    for (let round = 0; round < 10; round += 1) {
      for (let i = 0; i < 8; i += 1) {
        const writer = writers[(round + i) % 2] as SendBatcher;
        submitted.push(writer.submit(job(channel.id, aliceId, `r${round} m${i}`)));
      }
      await new Promise((r) => setTimeout(r, 2));
    }
    const outcomes = await Promise.all(submitted);
    sending = false;
    await reader;
    expect(violations).toBe(0);
    const ids = outcomes.flatMap((o) =>
      (o as { created: boolean; row?: { id: string } }).row ? [(o as { row: { id: string } }).row.id] : [],
    );
    expect(ids).toHaveLength(80);
    const rows = await t.db.select().from(messages).where(inArray(messages.id, ids));
    expect(new Set(rows.map((r) => r.seq)).size).toBe(80);
  });
});
