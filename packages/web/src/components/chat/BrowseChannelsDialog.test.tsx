import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { User } from '@stoop/shared';
import { toast } from '../../services/ui/toast.ts';
import { apiError, installFakeServer, json, makeConversation } from '../../test/fake-server.ts';
import { useAuthStore } from '../../stores/auth.ts';
import { useConversationsStore } from '../../stores/conversations.ts';
import { BrowseChannelsDialog } from './BrowseChannelsDialog.tsx';
import { channelDirectory } from './channel-directory.ts';
import { ConversationSidebar } from './ConversationSidebar.tsx';
import ChatIntroPage from '../../pages/chat/ChatIntroPage.tsx';

vi.mock('../../realtime/socket.ts', () => ({ connectSocket: vi.fn() }));

const me = { id: 'me', username: 'Me', role: 'resident', isLocked: false } as unknown as User;

const conversation = makeConversation;

const garden = conversation({
  id: 'garden',
  name: 'Garden club',
  description: 'Seedlings, tools and the roof beds',
  participants: ['nadia', 'omar', 'li'],
  icon: '/api/files/icon-1',
});
const lobby = conversation({ id: 'lobby', name: 'Lobby', participants: ['me'] });
const direct = conversation({ id: 'd1', type: 'direct', name: '', participants: ['me', 'nadia'] });

function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

function renderDialog(onOpenChange = vi.fn()) {
  render(
    <MemoryRouter initialEntries={['/main_dashboard/chat-intro']}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <LocationProbe />
              <BrowseChannelsDialog open onOpenChange={onOpenChange} />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
  return onOpenChange;
}

const channelList = () => screen.getByRole('list', { name: 'Channels' });

let server: ReturnType<typeof installFakeServer>;
beforeEach(() => {
  server = installFakeServer({
    'GET /api/conversations': () => json(200, { conversations: [lobby, garden, direct] }),
  });
  vi.spyOn(toast, 'error').mockReturnValue('t');
  useConversationsStore.getState().reset();
  useAuthStore.setState({ user: me });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('channel directory', () => {
  it('lists channels only, alphabetically, with member count and whether the viewer joined', () => {
    const listings = channelDirectory([lobby, direct, garden], 'me', '');
    expect(listings.map((l) => [l.conversation.id, l.memberCount, l.joined])).toEqual([
      ['garden', 3, false],
      ['lobby', 1, true],
    ]);
  });

  it('matches the query against name and description, ignoring case and outer spaces', () => {
    expect(channelDirectory([lobby, garden], 'me', '  ROOF ').map((l) => l.conversation.id)).toEqual([
      'garden',
    ]);
    expect(channelDirectory([lobby, garden], 'me', 'lob').map((l) => l.conversation.id)).toEqual(['lobby']);
  });
});

describe('Browse channels dialog', () => {
  it('refreshes the list on open and shows each channel with icon, name, description and members', async () => {
    renderDialog();
    expect(screen.getByText('Loading channels')).toBeTruthy();
    const row = (await screen.findByText('Garden club')).closest('li')!;
    expect(server.called('GET', '/api/conversations')).toBe(true);
    expect(within(row).getByText('Seedlings, tools and the roof beds')).toBeTruthy();
    expect(within(row).getByText('3 members')).toBeTruthy();
    expect(row.querySelector('img')?.getAttribute('src')).toBe('/api/files/icon-1');
    const lobbyRow = screen.getByText('Lobby').closest('li')!;
    expect(within(lobbyRow).getByText('Joined')).toBeTruthy();
    expect(within(lobbyRow).getByText('1 member')).toBeTruthy();
    // Direct conversations are not channels.
    expect(within(channelList()).getAllByRole('listitem')).toHaveLength(2);
  });

  it('starts in the search box and filters as the resident types, with a clear empty state', async () => {
    renderDialog();
    await screen.findByText('Garden club');
    const search = screen.getByRole('searchbox', { name: 'Search channels' });
    expect(document.activeElement).toBe(search);
    fireEvent.change(search, { target: { value: 'seedlings' } });
    expect(within(channelList()).queryByText('Lobby')).toBeNull();
    expect(within(channelList()).getByText('Garden club')).toBeTruthy();
    fireEvent.change(search, { target: { value: 'pool' } });
    expect(screen.getByText('No channels match “pool”.')).toBeTruthy();
  });

  it('Open goes to the channel and closes the dialog', async () => {
    const onOpenChange = renderDialog();
    await screen.findByText('Garden club');
    fireEvent.click(screen.getByRole('button', { name: 'Open Garden club' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(screen.getByTestId('location').textContent).toBe('/main_dashboard/conversations/channel/garden');
  });

  it('shows an error with Try again when the list cannot be loaded', async () => {
    server.on('GET /api/conversations', () => apiError(500, 'Database unavailable'));
    renderDialog();
    expect(await screen.findByText('Could not load the channels.')).toBeTruthy();
    expect(toast.error).toHaveBeenCalledWith('Database unavailable', { id: 'conversations-load' });
    server.on('GET /api/conversations', () => json(200, { conversations: [garden] }));
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Garden club')).toBeTruthy();
    expect(screen.queryByText('Could not load the channels.')).toBeNull();
  });

  it('says so when the community has no channels yet', async () => {
    server.on('GET /api/conversations', () => json(200, { conversations: [direct] }));
    renderDialog();
    expect(await screen.findByText('No channels yet.')).toBeTruthy();
  });

  it('Escape closes it', async () => {
    const onOpenChange = renderDialog();
    await screen.findByText('Garden club');
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });
});

describe('Where the channel browser opens from', () => {
  it('the sidebar’s Browse channels button opens it', async () => {
    useConversationsStore.setState({ loaded: true, conversations: [lobby] });
    render(
      <MemoryRouter>
        <ConversationSidebar />
      </MemoryRouter>,
    );
    const opener = screen.getByRole('button', { name: 'Browse channels' });
    opener.focus();
    act(() => {
      fireEvent.click(opener);
    });
    const dialog = await screen.findByRole('dialog', { name: 'Browse channels' });
    await waitFor(() => expect(within(dialog).getByText('Garden club')).toBeTruthy());
    // Escape closes it and the keyboard user is back where they were.
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('keyboard access: New channel and New direct message return focus to their button on Escape', async () => {
    useConversationsStore.setState({ loaded: true, conversations: [lobby] });
    render(
      <MemoryRouter>
        <ConversationSidebar />
      </MemoryRouter>,
    );
    for (const [button, title] of [
      ['New channel', 'New channel'],
      ['New direct message', 'New direct message'],
    ] as const) {
      const opener = screen.getByRole('button', { name: button });
      opener.focus();
      act(() => {
        fireEvent.click(opener);
      });
      const dialog = await screen.findByRole('dialog', { name: title });
      await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
      fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      await waitFor(() => expect(document.activeElement).toBe(opener));
    }
  });

  it('the chat intro’s Browse channels quick action opens the same dialog', async () => {
    render(
      <MemoryRouter>
        <ChatIntroPage />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Browse channels' }));
    const dialog = await screen.findByRole('dialog', { name: 'Browse channels' });
    expect(await within(dialog).findByText('Garden club')).toBeTruthy();
  });
});
