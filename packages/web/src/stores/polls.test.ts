import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PollView } from '@stoop/shared';
import { applyLiveUpdate } from '../realtime/live-updates.ts';
import { installFakeServer, json } from '../test/fake-server.ts';
import { usePollsStore } from './polls.ts';

beforeEach(() => usePollsStore.getState().reset());
afterEach(() => vi.unstubAllGlobals());

const poll = (votes: [number, number], mine: string[] = []): PollView => ({
  id: 'p1',
  conversationId: 'c1',
  createdBy: 'u1',
  question: 'Paint the lobby?',
  multiple: false,
  anonymous: false,
  closesAt: null,
  closed: false,
  createdAt: '2026-11-24T00:00:00.000Z',
  options: [
    { id: 'o1', text: 'Blue', votes: votes[0], voterIds: [] },
    { id: 'o2', text: 'Green', votes: votes[1], voterIds: [] },
  ],
  voterCount: votes[0] + votes[1],
  myOptionIds: mine,
});

describe('polls store (R-POLL-2, R-POLL-3, R-POLL-6)', () => {
  it('vote: POST /api/polls/{id}/votes and keeps the answer with the reader’s vote', async () => {
    installFakeServer({ 'POST /api/polls/p1/votes': () => json(200, { poll: poll([0, 1], ['o2']) }) });
    usePollsStore.getState().put(poll([0, 0]));
    expect(await usePollsStore.getState().vote('p1', ['o2'])).toBe(true);
    expect(usePollsStore.getState().byId.p1?.myOptionIds).toEqual(['o2']);
  });

  it('poll:updated moves the counts of a poll on screen and keeps the reader’s own vote', () => {
    usePollsStore.getState().put(poll([0, 1], ['o2']));
    const { myOptionIds: _mine, ...live } = poll([2, 1]);
    applyLiveUpdate({ name: 'poll:updated', payload: { poll: live } });
    const held = usePollsStore.getState().byId.p1;
    expect(held?.options.map((o) => o.votes)).toEqual([2, 1]);
    expect(held?.myOptionIds).toEqual(['o2']);
  });

  it('poll:updated of a poll not on screen is not kept; a failed load is remembered', async () => {
    const { myOptionIds: _mine, ...live } = poll([1, 0]);
    applyLiveUpdate({ name: 'poll:updated', payload: { poll: live } });
    expect(usePollsStore.getState().byId).toEqual({});
    installFakeServer({
      'GET /api/polls/p1': () =>
        json(404, { statusCode: 404, error: 'Not Found', message: 'Poll not found' }),
    });
    await usePollsStore.getState().load('p1');
    expect(usePollsStore.getState().failed.p1).toBe(true);
  });
});
