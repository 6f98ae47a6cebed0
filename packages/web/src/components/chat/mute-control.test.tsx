import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { User } from '@stoop/shared';
import { apiError, installFakeServer, json, makeConversation } from '../../test/fake-server.ts';
import { toast } from '../../services/ui/toast.ts';
import { useAuthStore } from '../../stores/auth.ts';
import { useConversationsStore } from '../../stores/conversations.ts';
import { MUTE_FAILED, useMutesStore } from '../../stores/mutes.ts';
import { ConversationHeader } from './ConversationHeader.tsx';
import { useChatBootstrap } from './chat-hooks.ts';
import { ConversationSidebar } from './ConversationSidebar.tsx';

vi.mock('../../realtime/socket.ts', () => ({ connectSocket: vi.fn() }));

const me = { id: 'me', username: 'Me', role: 'resident', isLocked: false, avatar: null } as unknown as User;
const lobby = makeConversation({ id: 'c1', name: 'Lobby', participants: ['me'] });

beforeEach(() => {
  useAuthStore.setState({ user: me });
  useMutesStore.getState().reset();
  useConversationsStore.setState({ conversations: [lobby], loaded: true });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const renderHeader = () =>
  render(
    <MemoryRouter>
      <ConversationHeader conversation={lobby} />
    </MemoryRouter>,
  );

describe('mute control (R-NOTIF-3)', () => {
  it('is a keyboard-reachable toggle that PUTs the mute and shows its state', async () => {
    const server = installFakeServer({
      'PUT /api/conversations/c1/mute': (call) =>
        json(200, { conversationId: 'c1', muted: (call.body as { muted: boolean }).muted }),
    });
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Mute conversation' });
    expect(toggle.tagName).toBe('BUTTON');
    expect(toggle.getAttribute('tabindex')).toBeNull();
    toggle.focus();
    expect(document.activeElement).toBe(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]?.body).toEqual({ muted: true });
    expect(useMutesStore.getState().muted.has('c1')).toBe(true);

    fireEvent.click(toggle);
    await waitFor(() => expect(server.calls).toHaveLength(2));
    expect(server.calls[1]?.body).toEqual({ muted: false });
    await waitFor(() => expect(toggle.getAttribute('aria-pressed')).toBe('false'));
  });

  it('rolls back with a toast when the call fails', async () => {
    installFakeServer({ 'PUT /api/conversations/c1/mute': () => apiError(500, 'Database unavailable') });
    const error = vi.spyOn(toast, 'error').mockReturnValue('t');
    renderHeader();
    fireEvent.click(screen.getByRole('button', { name: 'Mute conversation' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith(MUTE_FAILED));
    expect(screen.getByRole('button', { name: 'Mute conversation' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
  });

  it('the chat bootstrap loads the mutes and the sidebar marks a muted conversation', async () => {
    const server = installFakeServer({
      'GET /api/notifications/muted-conversations': () => json(200, { conversationIds: ['c1'] }),
      'PUT /api/conversations/c1/mute': () => json(200, { conversationId: 'c1', muted: false }),
    });
    // What MainDashboardLayout does: bootstrap the chat, show the sidebar.
    function ChatArea() {
      useChatBootstrap();
      return <ConversationSidebar />;
    }
    render(
      <MemoryRouter>
        <ChatArea />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('link', { name: 'Lobby, muted' })).toBeTruthy();
    expect(server.called('GET', '/api/notifications/muted-conversations')).toBe(true);
    await act(() => useMutesStore.getState().setMuted('c1', false));
    expect(screen.getByRole('link', { name: 'Lobby' })).toBeTruthy();
  });
});

describe('the channel header', () => {
  it('counts a channel without a description as "1 member", then "2 members"', () => {
    installFakeServer({});
    const { rerender } = renderHeader();
    expect(screen.getByText('1 member')).toBeTruthy();
    const two = { ...lobby, participants: ['me', 'them'] };
    rerender(
      <MemoryRouter>
        <ConversationHeader conversation={two} />
      </MemoryRouter>,
    );
    expect(screen.getByText('2 members')).toBeTruthy();
  });
});
