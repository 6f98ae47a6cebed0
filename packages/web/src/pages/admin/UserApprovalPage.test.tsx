import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { TEXTS, type User } from '@stoop/shared';
import { apiError, installFakeServer, json, makeUser } from '../../test/fake-server.ts';
import { useAuthStore } from '../../stores/auth.ts';
import { useUserApprovalStore } from '../../stores/user-approval.ts';
import UserApprovalPage from './UserApprovalPage.tsx';

const toastMock = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), info: vi.fn(), dismiss: vi.fn() }));
vi.mock('../../services/ui/toast.ts', () => ({ toast: toastMock }));

const DAY = 24 * 60 * 60 * 1000;
const me = makeUser({ id: 'admin-1', username: 'Ada Admin', role: 'admin' });
const bob = makeUser({
  id: 'bob',
  username: 'Bob Newcomer',
  email: 'bob@example.com',
  description: 'Flat 4B, moved in last week.',
  isLocked: true,
  reasonForLock: 'pending_approval',
  createdAt: new Date(Date.now() - 3 * DAY - 60_000).toISOString(),
});
const cleo = makeUser({
  id: 'cleo',
  username: 'Cleo Waiting',
  email: 'cleo@example.com',
  isLocked: true,
  reasonForLock: 'pending_approval',
  createdAt: new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString(),
});
const page = (users: User[], total = users.length) => json(200, { users, total });

beforeEach(() => {
  useUserApprovalStore.getState().reset();
  useAuthStore.setState({ user: me });
  vi.clearAllMocks();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const renderPage = () =>
  render(
    <MemoryRouter>
      <UserApprovalPage />
    </MemoryRouter>,
  );
const card = (name: string) => screen.getByRole('article', { name });

describe('UserApprovalPage (R-ADMIN-16)', () => {
  it('lists the waiting accounts, longest waiting first, with their sign-up details and wait', async () => {
    const server = installFakeServer({ 'GET /api/admin/users': () => page([bob, cleo]) });
    renderPage();
    const bobCard = await screen.findByRole('article', { name: 'Bob Newcomer' });
    expect(within(bobCard).getByText('bob@example.com')).toBeTruthy();
    expect(within(bobCard).getByText('Flat 4B, moved in last week.')).toBeTruthy();
    expect(within(bobCard).getByText('waiting 3 days')).toBeTruthy();
    expect(within(card('Cleo Waiting')).getByText('waiting 2 hours')).toBeTruthy();
    const query = new URL(server.fetchMock.mock.calls[0]![0] as string, 'http://x').searchParams;
    expect(Object.fromEntries(query)).toMatchObject({
      status: 'pending_approval',
      sort: 'signup',
      offset: '0',
    });
  });

  it('approves one account with a toast and reloads the list', async () => {
    let waiting = [bob, cleo];
    const server = installFakeServer({
      'GET /api/admin/users': () => page(waiting),
      'POST /api/admin/users/bob/approve': () => {
        waiting = [cleo];
        return json(200, { user: { ...bob, isLocked: false, reasonForLock: null } });
      },
    });
    renderPage();
    fireEvent.click(
      within(await screen.findByRole('article', { name: 'Bob Newcomer' })).getByRole('button', {
        name: 'Approve',
      }),
    );
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Bob Newcomer' })).toBeNull());
    expect(server.called('POST', '/api/admin/users/bob/approve')).toBe(true);
    expect(toastMock.success).toHaveBeenCalledWith('Bob Newcomer is approved');
  });

  it('approves the ticked accounts in one call', async () => {
    const server = installFakeServer({
      'GET /api/admin/users': () => page([bob, cleo]),
      'POST /api/admin/users/approve': () => json(200, { users: [bob, cleo], notFound: [] }),
    });
    renderPage();
    await screen.findByRole('article', { name: 'Bob Newcomer' });
    expect(screen.getByRole('button', { name: 'Approve selected' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(screen.getByLabelText('Select all on this page'));
    fireEvent.click(screen.getByRole('button', { name: 'Approve selected (2)' }));
    await waitFor(() => expect(toastMock.success).toHaveBeenCalledWith('2 accounts approved', {}));
    expect(server.calls.find((c) => c.path === '/api/admin/users/approve')?.body).toEqual({
      ids: ['bob', 'cleo'],
    });
  });

  it('rejects only after the inline form, sending the optional message', async () => {
    const server = installFakeServer({
      'GET /api/admin/users': () => page([bob]),
      'POST /api/admin/users/bob/reject': () => new Response(null, { status: 204 }),
    });
    renderPage();
    const bobCard = await screen.findByRole('article', { name: 'Bob Newcomer' });
    fireEvent.click(within(bobCard).getByRole('button', { name: 'Reject…' }));
    const form = within(bobCard).getByRole('form', { name: 'Reject the sign-up of Bob Newcomer' });
    expect(server.called('POST', '/api/admin/users/bob/reject')).toBe(false);
    fireEvent.change(within(form).getByLabelText(/Message to Bob Newcomer/), {
      target: { value: 'We could not find flat 4B.' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Reject sign-up' }));
    await waitFor(() =>
      expect(toastMock.success).toHaveBeenCalledWith('The sign-up of Bob Newcomer was rejected'),
    );
    expect(server.calls.find((c) => c.path === '/api/admin/users/bob/reject')?.body).toEqual({
      message: 'We could not find flat 4B.',
    });
  });

  it('tabs ask for locked accounts and admins; the last admin stepping down shows the server message', async () => {
    const server = installFakeServer({
      'GET /api/admin/users': () => page([me]),
      'POST /api/admin/users/admin-1/role': () => apiError(409, TEXTS.lastAdmin, 'CONFLICT'),
    });
    renderPage();
    await screen.findByRole('article', { name: 'Ada Admin' });
    fireEvent.click(screen.getByRole('button', { name: 'Locked' }));
    await waitFor(() => expect(server.calls.at(-1)?.path).toBe('/api/admin/users'));
    fireEvent.click(screen.getByRole('button', { name: 'Admins' }));
    const adaCard = await screen.findByRole('article', { name: 'Ada Admin' });
    const queries = server.fetchMock.mock.calls.map(([url]) => new URL(url as string, 'http://x').search);
    expect(queries.some((q) => q.includes('status=admin_lock'))).toBe(true);
    expect(queries.at(-1)).toContain('role=admin');
    expect(screen.getByRole('button', { name: 'Admins' }).getAttribute('aria-pressed')).toBe('true');
    // One's own card offers no lock, and stepping down asks first.
    expect(within(adaCard).queryByRole('button', { name: 'Lock…' })).toBeNull();
    fireEvent.click(within(adaCard).getByRole('button', { name: 'Step down as admin…' }));
    fireEvent.click(within(adaCard).getByRole('button', { name: 'Step down' }));
    await waitFor(() => expect(toastMock.error).toHaveBeenCalledWith(TEXTS.lastAdmin));
  });

  it('searches by name after typing stops', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const server = installFakeServer({ 'GET /api/admin/users': () => page([]) });
      renderPage();
      await screen.findByText('No one is waiting for approval');
      fireEvent.change(screen.getByLabelText('Search by name'), { target: { value: 'bob' } });
      await act(() => vi.advanceTimersByTimeAsync(400));
      await screen.findByText('No matches');
      const last = new URL(server.fetchMock.mock.calls.at(-1)![0] as string, 'http://x');
      expect(last.searchParams.get('q')).toBe('bob');
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the error with a retry', async () => {
    let fail = true;
    installFakeServer({
      'GET /api/admin/users': () => (fail ? apiError(500, 'Something went wrong on our side') : page([bob])),
    });
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something went wrong on our side');
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('article', { name: 'Bob Newcomer' });
  });
});
