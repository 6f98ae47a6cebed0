import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messagesPageSchema, pollResponseSchema, type Poll, type PollView } from '@stoop/shared';
import { polls } from '../db/schema/index.ts';
import { connected, until, type Recorder } from '../realtime/testing.ts';
import { createChatCommunity, headersOf, idsOf } from '../test/community.ts';
import { csrfHeaders, type AuthHeaders, type TestApp } from '../test/helpers.ts';
import { call, expectError } from '../test/http.ts';

let t: TestApp;
let url: string;
let admin: AuthHeaders, alice: AuthHeaders, bob: AuthHeaders, carol: AuthHeaders, locked: AuthHeaders;
let aliceId: string, bobId: string;
let channelId: string, directId: string;

beforeAll(async () => {
  const c = await createChatCommunity();
  t = c;
  ({ url, channelId, directId } = c);
  ({ admin, alice, bob, carol, locked } = headersOf(c.people));
  ({ alice: aliceId, bob: bobId } = idsOf(c.people));
});
afterAll(async () => t.close());

const ask = (headers: AuthHeaders, conversationId: string, body: Record<string, unknown>) =>
  call(t.app, 'POST', `/api/conversations/${conversationId}/polls`, body, headers);

async function askPoll(conversationId: string, body: Record<string, unknown> = {}): Promise<PollView> {
  const res = await ask(alice, conversationId, {
    question: 'Paint the lobby?',
    options: ['Blue', 'Green', 'White'],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return pollResponseSchema.parse(res.json()).poll;
}

const voteOn = (headers: AuthHeaders, pollId: string, optionIds: string[]) =>
  call(t.app, 'POST', `/api/polls/${pollId}/votes`, { optionIds }, headers);

async function read(headers: AuthHeaders, pollId: string): Promise<PollView> {
  const res = await call(t.app, 'GET', `/api/polls/${pollId}`, undefined, headers);
  expect(res.statusCode, res.body).toBe(200);
  return pollResponseSchema.parse(res.json()).poll;
}

const votesOf = (poll: Poll) => poll.options.map((o) => o.votes);

describe('POST /api/conversations/{id}/polls (R-POLL-1, R-POLL-5)', () => {
  it('a resident asks (201): options with ids in order, no votes, and a poll message in the conversation', async () => {
    const poll = await askPoll(channelId);
    expect(poll).toMatchObject({
      conversationId: channelId,
      createdBy: aliceId,
      question: 'Paint the lobby?',
      multiple: false,
      anonymous: false,
      closesAt: null,
      closed: false,
      voterCount: 0,
      myOptionIds: [],
    });
    expect(poll.options.map((o) => [o.text, o.votes])).toEqual([
      ['Blue', 0],
      ['Green', 0],
      ['White', 0],
    ]);
    const page = await call(t.app, 'GET', `/api/conversations/${channelId}/messages`, undefined, bob);
    const messages = messagesPageSchema.parse(page.json()).messages;
    expect(messages.at(-1)).toMatchObject({ pollId: poll.id, content: 'Paint the lobby?', userId: aliceId });
  });

  it.each([
    [{ options: ['Only one'] }, 'options'],
    [{ options: Array.from({ length: 11 }, (_, i) => `o${i}`) }, 'options'],
    [{ options: ['Same', 'same'] }, 'options'],
    [{ options: ['Fine', '  '] }, 'options.1'],
    [{ question: '' }, 'question'],
    [{ closesAt: new Date(Date.now() - 60_000).toISOString() }, 'closesAt'],
    [{ closesAt: 'tomorrow' }, 'closesAt'],
    [{ multiple: 'yes' }, 'multiple'],
  ])('refuses %j with 400 naming %s', async (patch, field) => {
    const res = await ask(alice, channelId, { question: 'Q?', options: ['A', 'B'], ...patch });
    expectError(res, 400, { field });
  });

  it('anonymous 401, locked 403, a non-participant of a direct conversation and an admin 404', async () => {
    const body = { question: 'Q?', options: ['A', 'B'] };
    expectError(await ask(csrfHeaders(t.app), channelId, body), 401);
    expectError(await ask(locked, channelId, body), 403);
    expectError(await ask(carol, directId, body), 404);
    expectError(await ask(admin, directId, body), 404);
    expect((await ask(admin, channelId, body)).statusCode).toBe(201);
    expect((await ask(bob, directId, body)).statusCode).toBe(201);
  });
});

describe('GET /api/polls/{id} and POST /api/polls/{id}/votes (R-POLL-2, R-POLL-3, R-POLL-4)', () => {
  it('one vote per resident, changeable; counts and voters for everyone, my vote for me', async () => {
    const poll = await askPoll(channelId);
    const [blue, green] = poll.options;
    const first = await voteOn(bob, poll.id, [blue!.id]);
    expect(first.statusCode, first.body).toBe(200);
    expect(pollResponseSchema.parse(first.json()).poll).toMatchObject({
      myOptionIds: [blue!.id],
      voterCount: 1,
    });
    await voteOn(bob, poll.id, [green!.id]);
    await voteOn(carol, poll.id, [green!.id]);
    const seen = await read(alice, poll.id);
    expect(votesOf(seen)).toEqual([0, 2, 0]);
    expect(seen.voterCount).toBe(2);
    expect(seen.options[1]?.voterIds).toHaveLength(2);
    expect(seen.options[1]?.voterIds).toContain(bobId);
    expect(seen.myOptionIds).toEqual([]);
    expect((await read(bob, poll.id)).myOptionIds).toEqual([green!.id]);
    expect(votesOf(await read(admin, poll.id))).toEqual([0, 2, 0]);
  });

  it('a single-choice poll refuses two options, a multiple one takes them; unknown options are 400', async () => {
    const single = await askPoll(channelId);
    const ids = single.options.map((o) => o.id);
    expectError(await voteOn(bob, single.id, ids.slice(0, 2)), 400, { field: 'optionIds' });
    expectError(await voteOn(bob, single.id, []), 400, { field: 'optionIds' });
    expectError(await voteOn(bob, single.id, [ids[0]!, ids[0]!]), 400, { field: 'optionIds' });
    const multiple = await askPoll(channelId, { multiple: true });
    expectError(await voteOn(bob, multiple.id, [ids[0]!]), 400, { field: 'optionIds' });
    const res = await voteOn(
      bob,
      multiple.id,
      multiple.options.slice(0, 2).map((o) => o.id),
    );
    expect(res.statusCode, res.body).toBe(200);
    const seen = await read(alice, multiple.id);
    expect(votesOf(seen)).toEqual([1, 1, 0]);
    expect(seen.voterCount).toBe(1);
  });

  it('an anonymous poll names no voter to anyone, admins included', async () => {
    const poll = await askPoll(channelId, { anonymous: true });
    await voteOn(bob, poll.id, [poll.options[0]!.id]);
    for (const viewer of [alice, bob, admin]) {
      const seen = await read(viewer, poll.id);
      expect(votesOf(seen)).toEqual([1, 0, 0]);
      expect(seen.options.flatMap((o) => o.voterIds)).toEqual([]);
    }
    expect((await read(bob, poll.id)).myOptionIds).toEqual([poll.options[0]!.id]);
  });

  it('a closed poll refuses votes with 409 and says so', async () => {
    const poll = await askPoll(channelId, { closesAt: new Date(Date.now() + 3_600_000).toISOString() });
    await t.db
      .update(polls)
      .set({ closesAt: new Date(Date.now() - 1000) })
      .where(eq(polls.id, poll.id));
    const res = await voteOn(bob, poll.id, [poll.options[0]!.id]);
    expectError(res, 409, { message: 'This poll is closed and takes no more votes' });
    expect((await read(bob, poll.id)).closed).toBe(true);
  });

  it('a direct conversation’s poll and its counts never reach a non-participant (404), not even an admin', async () => {
    const res = await ask(alice, directId, { question: 'Dinner?', options: ['Yes', 'No'] });
    const poll = pollResponseSchema.parse(res.json()).poll;
    for (const outsider of [carol, admin]) {
      expectError(await call(t.app, 'GET', `/api/polls/${poll.id}`, undefined, outsider), 404, {
        message: 'Poll not found',
      });
      expectError(await voteOn(outsider, poll.id, [poll.options[0]!.id]), 404);
    }
    expect((await voteOn(bob, poll.id, [poll.options[0]!.id])).statusCode).toBe(200);
  });

  it('anonymous 401 and locked 403 on both calls; a malformed or unknown id is 404', async () => {
    const poll = await askPoll(channelId);
    const optionIds = [poll.options[0]!.id];
    expectError(await call(t.app, 'GET', `/api/polls/${poll.id}`, undefined, csrfHeaders(t.app)), 401);
    expectError(await voteOn(csrfHeaders(t.app), poll.id, optionIds), 401);
    expectError(await call(t.app, 'GET', `/api/polls/${poll.id}`, undefined, locked), 403);
    expectError(await voteOn(locked, poll.id, optionIds), 403);
    expectError(await call(t.app, 'GET', '/api/polls/not-a-poll', undefined, bob), 404);
    expectError(await voteOn(bob, '0190a000-0000-7000-8000-000000000000', optionIds), 404);
  });
});

describe('POST /api/polls/{id}/close (R-POLL-7)', () => {
  const close = (headers: AuthHeaders, pollId: string) =>
    call(t.app, 'POST', `/api/polls/${pollId}/close`, undefined, headers);

  it('the asker closes it: the counts stay, votes are refused, and a second close is 409', async () => {
    const poll = await askPoll(channelId);
    expect((await voteOn(bob, poll.id, [poll.options[1]!.id])).statusCode).toBe(200);
    const res = await close(alice, poll.id);
    expect(res.statusCode, res.body).toBe(200);
    const closed = pollResponseSchema.parse(res.json()).poll;
    expect(closed.closed).toBe(true);
    expect(votesOf(closed)).toEqual([0, 1, 0]);
    expect(Date.parse(closed.closesAt ?? '')).toBeLessThanOrEqual(Date.now());
    expectError(await voteOn(carol, poll.id, [poll.options[0]!.id]), 409, {
      message: 'This poll is closed and takes no more votes',
    });
    expectError(await close(alice, poll.id), 409, { message: 'This poll is already closed' });
    expect((await read(bob, poll.id)).closed).toBe(true);
  });

  it('an admin may close a channel’s poll; another resident gets 403', async () => {
    const poll = await askPoll(channelId);
    expectError(await close(bob, poll.id), 403, {
      message: 'Only the resident who asked this poll, or an admin, can close it',
    });
    expect((await close(admin, poll.id)).statusCode).toBe(200);
  });

  it('anonymous 401, locked 403; a direct conversation’s poll is 404 to a non-participant and to an admin', async () => {
    const poll = await askPoll(channelId);
    expectError(await close(csrfHeaders(t.app), poll.id), 401);
    expectError(await close(locked, poll.id), 403);
    expectError(await close(bob, 'not-a-poll'), 404);
    const direct = pollResponseSchema.parse(
      (await ask(alice, directId, { question: 'Close me?', options: ['Yes', 'No'] })).json(),
    ).poll;
    for (const outsider of [carol, admin])
      expectError(await close(outsider, direct.id), 404, { message: 'Poll not found' });
    expectError(await close(bob, direct.id), 403);
    expect((await close(alice, direct.id)).statusCode).toBe(200);
  });

  it('everyone in the conversation sees it closed live (poll:updated)', async () => {
    const socket = await connected(url, carol.cookie);
    try {
      const poll = await askPoll(channelId);
      expect((await close(alice, poll.id)).statusCode).toBe(200);
      const updates = () => (socket.of('poll:updated') as { poll: Poll }[]).map((p) => p.poll);
      await until(() => updates().some((p) => p.id === poll.id && p.closed));
    } finally {
      socket.close();
    }
  });
});

describe('live counts (R-POLL-6)', () => {
  let sockets: Recorder[] = [];
  afterAll(() => sockets.forEach((s) => s.close()));

  it('a vote sends poll:updated with the counts to the conversation, and a direct one to its participants only', async () => {
    const [aliceSocket, carolSocket] = await Promise.all([
      connected(url, alice.cookie),
      connected(url, carol.cookie),
    ]);
    sockets = [aliceSocket, carolSocket];
    const polled = (r: Recorder) => (r.of('poll:updated') as { poll: Poll }[]).map((p) => p.poll);

    const poll = await askPoll(channelId);
    await voteOn(bob, poll.id, [poll.options[2]!.id]);
    await until(() => polled(aliceSocket).some((p) => p.id === poll.id));
    const live = polled(aliceSocket).find((p) => p.id === poll.id);
    expect(live && votesOf(live)).toEqual([0, 0, 1]);
    expect(live).not.toHaveProperty('myOptionIds');

    const direct = pollResponseSchema.parse(
      (await ask(alice, directId, { question: 'Just us?', options: ['Yes', 'No'] })).json(),
    ).poll;
    await voteOn(bob, direct.id, [direct.options[0]!.id]);
    await until(() => polled(aliceSocket).some((p) => p.id === direct.id));
    // Carol's socket got the channel's update; by the time Alice has the direct one, Carol would too.
    await until(() => polled(carolSocket).some((p) => p.id === poll.id));
    expect(polled(carolSocket).some((p) => p.id === direct.id)).toBe(false);
  });
});
