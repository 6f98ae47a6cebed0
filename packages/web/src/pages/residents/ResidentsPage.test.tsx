import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useParams } from 'react-router';
import type { PublicUser } from '@stoop/shared';
import { TEXTS } from '@stoop/shared/texts';
import { apiError, installFakeServer, json, makeConversation, makeUser } from '../../test/fake-server.ts';
import { useAuthStore } from '../../stores/auth.ts';
import { useConversationsStore } from '../../stores/conversations.ts';
import { useDirectoryStore } from '../../stores/directory.ts';
import ResidentsPage from './ResidentsPage.tsx';

const publicUser = (overrides: Partial<PublicUser>): PublicUser => {
  const { email: _e, isLocked: _l, reasonForLock: _r, ...rest } = makeUser(overrides);
  return rest;
};
const me = makeUser({ id: 'me', username: 'Me Myself' });
const ada = publicUser({
  id: 'ada',
  username: 'Ada',
  description: 'Rooftop gardener',
  metadata: { ...makeUser().metadata, gender: 'woman', pets: 'cat', interests: ['gardening'] },
});
const bo = publicUser({ id: 'bo', username: 'Bo', description: 'Night nurse' });

function DirectChat() {
  return <p>Direct chat {useParams().conversationId}</p>;
}

const renderPage = () =>
  render(
    <MemoryRouter initialEntries={['/main_dashboard/residents']}>
      <Routes>
        <Route path="/main_dashboard/residents" element={<ResidentsPage />} />
        <Route path="/main_dashboard/conversations/direct/:conversationId" element={<DirectChat />} />
      </Routes>
    </MemoryRouter>,
  );

// reset() restores the data, not the actions: a test that replaces one gets the real one back after
// it, so the stub never reaches a later file on the shared page.
const realCreateDirect = useConversationsStore.getState().createDirect;

beforeEach(() => {
  useDirectoryStore.getState().reset();
  useConversationsStore.getState().reset();
  useAuthStore.setState({ user: me });
});
afterEach(() => {
  cleanup();
  useConversationsStore.setState({ createDirect: realCreateDirect });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ResidentsPage (R-PROFILE-3)', () => {
  it('lists residents and sends the search and filters as the query of GET /api/users', async () => {
    const server = installFakeServer({
      'GET /api/users': (call) =>
        json(200, { users: call.query.get('gender') ? [ada] : [ada, bo, publicUser(me)] }),
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Ada' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Bo' })).toBeTruthy();
    // Oneself: no Message button, a link to the own profile instead.
    expect(screen.queryByRole('button', { name: 'Message Me Myself' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Edit your profile' })).toBeTruthy();

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search by name or description' }), {
      target: { value: 'garden' },
    });
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.change(screen.getByLabelText('Gender'), { target: { value: 'woman' } });
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Interests' })).getByRole('button', { name: 'cooking' }),
    );
    fireEvent.change(screen.getByLabelText('New to the area'), { target: { value: 'true' } });

    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Bo' })).toBeNull());
    const last = server.calls.filter((c) => c.path === '/api/users').at(-1)!;
    expect(Object.fromEntries(last.query)).toEqual({
      q: 'garden',
      gender: 'woman',
      interests: 'cooking',
      newToArea: 'true',
      limit: '24',
      offset: '0',
    });
    expect(screen.getByRole('button', { name: 'Filters (3)' })).toBeTruthy();
    // The card names the details by their labels, not their stored values.
    expect(within(screen.getByRole('article', { name: 'Ada' })).getByText('Woman')).toBeTruthy();
  }, 20_000); // many role queries over a full form: slow on a busy machine

  it(`shows "${TEXTS.directoryEmpty}" when nobody matches`, async () => {
    installFakeServer({ 'GET /api/users': () => json(200, { users: [] }) });
    renderPage();
    expect(await screen.findByText(TEXTS.directoryEmpty)).toBeTruthy();
  });

  it('shows an error with a retry when the search fails', async () => {
    const server = installFakeServer({ 'GET /api/users': () => apiError(500, 'boom') });
    renderPage();
    const alert = await screen.findByRole('alert');
    server.on('GET /api/users', () => json(200, { users: [bo] }));
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Bo' })).toBeTruthy();
  });

  it('R-CONV-1: "Message" reuses the existing direct conversation and opens it', async () => {
    installFakeServer({ 'GET /api/users': () => json(200, { users: [ada] }) });
    useConversationsStore.setState({
      conversations: [
        makeConversation({ id: 'dm-ada', type: 'direct', name: '', participants: ['me', 'ada'] }),
      ],
    });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Message Ada' }));
    expect(await screen.findByText('Direct chat dm-ada')).toBeTruthy();
  });

  it('R-CONV-1: "Message" starts a direct conversation when there is none', async () => {
    installFakeServer({ 'GET /api/users': () => json(200, { users: [bo] }) });
    const createDirect = vi.fn(() =>
      Promise.resolve(makeConversation({ id: 'dm-new', type: 'direct', participants: ['me', 'bo'] })),
    );
    useConversationsStore.setState({ createDirect });
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Message Bo' }));
    expect(await screen.findByText('Direct chat dm-new')).toBeTruthy();
    expect(createDirect).toHaveBeenCalledWith('bo');
  });
});
