import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { FlaggedItem, PublicUser } from '@stoop/shared';
import { TEXTS } from '@stoop/shared/texts';
import { makeMessage } from '../../services/chat/message-cache.fixtures.ts';
import { toast } from '../../services/ui/toast.ts';
import { apiError, installFakeServer, json, makeUser } from '../../test/fake-server.ts';
import { loadMarkdownFirst } from '../../test/markdown-first.ts';
import { useUsersStore } from '../../stores/users.ts';
import FlaggedContentPage from './FlaggedContentPage.tsx';

loadMarkdownFirst();

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const publicOf = (id: string, username: string): PublicUser => {
  const { email: _e, isLocked: _l, reasonForLock: _r, ...rest } = makeUser({ id, username });
  return rest;
};

function item(id: string, overrides: Partial<FlaggedItem> = {}): FlaggedItem {
  const message = makeMessage({ id, userId: 'author', content: `rude words ${id}` });
  return {
    message,
    conversation: { id: 'c1', type: 'channel', name: 'lobby' },
    author: { ...publicOf('author', 'Noisy Neighbour'), isLocked: false },
    flags: [
      { user: publicOf('f1', 'Careful Flagger'), byAdmin: false, flaggedAt: '2025-03-03T12:00:00.000Z' },
    ],
    lastFlaggedAt: '2025-03-03T12:00:00.000Z',
    before: [makeMessage({ userId: 'other', content: 'earlier line' })],
    after: [makeMessage({ userId: 'other', content: 'later line' })],
    contextAuthors: [publicOf('other', 'Polite Person')],
    ...overrides,
  };
}

const page = (data: FlaggedItem[]) => json(200, { data, total: data.length, page: 1 });

const renderPage = () =>
  render(
    <MemoryRouter>
      <FlaggedContentPage />
    </MemoryRouter>,
  );

describe('R-ADMIN-10: FlaggedContentPage', () => {
  it('shows the message in context with its author, flaggers and times', async () => {
    installFakeServer({ 'GET /api/admin/flagged': () => page([item('m1')]) });
    renderPage();
    const card = await screen.findByRole('article', { name: 'lobby' });
    expect(within(card).getByText('rude words m1')).toBeTruthy();
    expect(within(card).getByText('earlier line')).toBeTruthy();
    expect(within(card).getByText('later line')).toBeTruthy();
    expect(within(card).getAllByText('Polite Person')).toHaveLength(2);
    expect(within(card).getByText('Noisy Neighbour')).toBeTruthy();
    expect(within(card).getByText('Careful Flagger')).toBeTruthy();
    expect(within(card).getByText('1 flag')).toBeTruthy();
  });

  it('names a mentioned resident whole, from the directory, as the chat does', async () => {
    useUsersStore.getState().reset();
    const base = makeMessage({ id: 'm1', userId: 'author', content: '@Nadia Neighbour thanks, idiot' });
    const message = { ...base, metadata: { ...base.metadata, mentionedUsers: ['nadia'] } };
    installFakeServer({
      'GET /api/admin/flagged': () => page([item('m1', { message })]),
      'GET /api/users': () => json(200, { users: [publicOf('nadia', 'Nadia Neighbour')] }),
    });
    renderPage();
    const card = await screen.findByRole('article', { name: 'lobby' });
    await waitFor(() => expect(card.querySelector('.mention')?.textContent).toBe('@Nadia Neighbour'));
  });

  it('shows the empty state, and an error with a retry', async () => {
    let fail = true;
    installFakeServer({
      'GET /api/admin/flagged': () => (fail ? apiError(500, 'Server trouble') : page([])),
    });
    const errorToast = vi.spyOn(toast, 'error');
    renderPage();
    await screen.findByRole('alert');
    expect(errorToast).toHaveBeenCalled();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText(TEXTS.noFlaggedMessages);
  });

  it('dismiss and hide take the item off the queue with a toast', async () => {
    let queue = [item('m1'), item('m2')];
    const server = installFakeServer({
      'GET /api/admin/flagged': () => page(queue),
      'POST /api/admin/messages/m1/dismiss': () => {
        queue = queue.filter((i) => i.message.id !== 'm1');
        return json(200, { message: makeMessage({ id: 'm1' }) });
      },
      'POST /api/admin/messages/m2/hide': () => {
        queue = [];
        return json(200, { message: makeMessage({ id: 'm2' }) });
      },
    });
    const success = vi.spyOn(toast, 'success');
    renderPage();
    const first = await screen.findByText('rude words m1');
    fireEvent.click(within(first.closest('article')!).getByRole('button', { name: 'Dismiss' }));
    await vi.waitFor(() => expect(screen.queryByText('rude words m1')).toBeNull());
    expect(success).toHaveBeenCalledWith('Flags dismissed; the message stays.');
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    await screen.findByText(TEXTS.noFlaggedMessages);
    expect(server.called('POST', '/api/admin/messages/m2/hide')).toBe(true);
  });

  it('delete and lock author run only after confirmation', async () => {
    let locked = false;
    const server = installFakeServer({
      'GET /api/admin/flagged': () =>
        page([item('m1', { author: { ...publicOf('author', 'Noisy Neighbour'), isLocked: locked } })]),
      'DELETE /api/messages/m1': () => json(200, { message: makeMessage({ id: 'm1' }) }),
      'POST /api/admin/users/author/lock': () => {
        locked = true;
        return json(200, { user: makeUser({ id: 'author' }) });
      },
    });
    renderPage();
    await screen.findByText('rude words m1');
    fireEvent.click(screen.getByRole('button', { name: 'Lock author' }));
    expect(server.called('POST', '/api/admin/users/author/lock')).toBe(false);
    const confirm = screen.getByRole('alertdialog', { name: 'Lock the author’s account?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Lock author' }));
    await screen.findByText('Author locked', { selector: 'span' });
    expect(server.calls.find((c) => c.path === '/api/admin/users/author/lock')?.body).toEqual({
      reason: 'admin_lock',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(server.called('DELETE', '/api/messages/m1')).toBe(false);
    fireEvent.click(
      within(screen.getByRole('alertdialog', { name: 'Delete this message for everyone?' })).getByRole(
        'button',
        { name: 'Delete' },
      ),
    );
    await vi.waitFor(() => expect(server.called('DELETE', '/api/messages/m1')).toBe(true));
  });

  it('refetches when the window regains focus', async () => {
    let queue: FlaggedItem[] = [];
    installFakeServer({ 'GET /api/admin/flagged': () => page(queue) });
    renderPage();
    await screen.findByText(TEXTS.noFlaggedMessages);
    queue = [item('m9')];
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await screen.findByText('rude words m9');
  });
});
