import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { User } from '@stoop/shared';
import { installFakeServer, json } from '../../test/fake-server.ts';
import { makeAnnouncement } from '../../test/news-fixtures.ts';
import { useAuthStore } from '../../stores/auth.ts';
import { useConversationsStore } from '../../stores/conversations.ts';
import ChatIntroPage from './ChatIntroPage.tsx';
import { loadMarkdownFirst } from '../../test/markdown-first.ts';

vi.mock('../../realtime/socket.ts', () => ({ connectSocket: vi.fn() }));

const me = { id: 'me', username: 'Me', role: 'resident', isLocked: false, avatar: null } as unknown as User;

loadMarkdownFirst();

beforeEach(() => {
  useAuthStore.setState({ user: me });
  useConversationsStore.setState({ conversations: [], loaded: true });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('chat intro announcements (R-ANN-4)', () => {
  it('renders the latest announcements as safe markdown, never raw HTML', async () => {
    const notice = makeAnnouncement({
      id: 'a1',
      title: 'Water off',
      body: 'The water is off on **Tuesday**.\n\n<img src=x onerror="alert(1)">[site](javascript:alert(1))',
    });
    installFakeServer({
      'GET /api/announcements': () => json(200, { data: [notice], total: 1, unread: 1 }),
      'GET /api/notifications/muted-conversations': () => json(200, { conversationIds: [] }),
    });
    const { container } = render(
      <MemoryRouter>
        <ChatIntroPage />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: 'Water off' })).toBeTruthy();
    await waitFor(() => expect(container.querySelector('strong')?.textContent).toBe('Tuesday'));
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('a[href^="javascript"]')).toBeNull();
  });
});
