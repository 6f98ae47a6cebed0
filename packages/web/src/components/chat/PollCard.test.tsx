import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PollView } from '@stoop/shared';
import { toast } from '../../services/ui/toast.ts';
import { apiError, installFakeServer, json, makeUser } from '../../test/fake-server.ts';
import { useAuthStore } from '../../stores/auth.ts';
import { usePollsStore } from '../../stores/polls.ts';
import { PollCard } from './PollCard.tsx';

const poll = (overrides: Partial<PollView> = {}): PollView => ({
  id: 'p1',
  conversationId: 'c1',
  createdBy: 'asker',
  question: 'Paint the lobby?',
  multiple: false,
  anonymous: false,
  closesAt: null,
  closed: false,
  createdAt: '2026-11-24T10:00:00.000Z',
  options: [
    { id: 'o1', text: 'Blue', votes: 2, voterIds: [] },
    { id: 'o2', text: 'Green', votes: 1, voterIds: [] },
  ],
  voterCount: 3,
  myOptionIds: [],
  abilities: { vote: true, close: false },
  ...overrides,
});

// R-ACCESS-9: what the server answers each reader may do (the card holds no rule of its own).
const MAY_CLOSE = { vote: true, close: true };
const CLOSED = { vote: false, close: false };

/** Signs in as `id` and holds the poll as the server presents it to them. */
const signIn = (id: string, role: 'resident' | 'admin' = 'resident', mayClose = false) => {
  useAuthStore.setState({ user: makeUser({ id, role }) });
  usePollsStore.getState().put(poll(mayClose ? { abilities: MAY_CLOSE } : {}));
};

beforeEach(() => {
  vi.spyOn(toast, 'error').mockReturnValue('t');
  usePollsStore.getState().put(poll());
});
afterEach(() => {
  cleanup();
  usePollsStore.getState().reset();
  vi.restoreAllMocks();
});

describe('PollCard: closing a poll (R-POLL-7)', () => {
  it('the asker closes it: the card shows it closed and no option can be chosen any more', async () => {
    signIn('asker', 'resident', true);
    const server = installFakeServer({
      'POST /api/polls/p1/close': () =>
        json(200, { poll: poll({ closed: true, closesAt: '2026-11-24T11:00:00.000Z', abilities: CLOSED }) }),
    });
    render(<PollCard pollId="p1" />);
    fireEvent.click(screen.getByRole('button', { name: 'Close poll' }));
    await waitFor(() => expect(screen.getByText(/Poll · Closed/)).toBeTruthy());
    expect(server.calls.map((c) => `${c.method} ${c.path}`)).toContain('POST /api/polls/p1/close');
    expect(screen.queryByRole('button', { name: 'Close poll' })).toBeNull();
    expect(screen.getByRole('button', { name: /Blue/ }).hasAttribute('disabled')).toBe(true);
  });

  it('an admin sees the button; another resident does not', () => {
    signIn('admin-1', 'admin', true);
    const { unmount } = render(<PollCard pollId="p1" />);
    expect(screen.getByRole('button', { name: 'Close poll' })).toBeTruthy();
    unmount();
    signIn('neighbour');
    render(<PollCard pollId="p1" />);
    expect(screen.queryByRole('button', { name: 'Close poll' })).toBeNull();
  });

  it('a refusal is a toast with the server’s words, and the poll is loaded again', async () => {
    signIn('asker', 'resident', true);
    installFakeServer({
      'POST /api/polls/p1/close': () => apiError(409, 'This poll is already closed'),
      'GET /api/polls/p1': () => json(200, { poll: poll({ closed: true, abilities: CLOSED }) }),
    });
    render(<PollCard pollId="p1" />);
    fireEvent.click(screen.getByRole('button', { name: 'Close poll' }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('This poll is already closed'));
    await waitFor(() => expect(screen.getByText(/Poll · Closed/)).toBeTruthy());
  });
});
