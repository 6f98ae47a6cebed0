import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { User } from '@stoop/shared';
import { TEXTS } from '@stoop/shared/texts';
import { useAuthStore } from '../../stores/auth.ts';
import { useConversationsStore } from '../../stores/conversations.ts';
import { useMessagesStore } from '../../stores/messages.ts';
import ConversationPage from './ConversationPage.tsx';

const rosa = { id: 'rosa', username: 'Rosa Lind', role: 'resident', isLocked: false } as unknown as User;

describe('ConversationPage while viewing as someone (R-ADMIN-18)', () => {
  afterEach(() => {
    cleanup();
    useAuthStore.setState({ user: null, viewer: null });
  });

  it('says plainly that conversations are not available, asks for no messages and shows no spinner', () => {
    useAuthStore.setState({ user: rosa, viewer: { id: 'admin', username: 'Office' } });
    useConversationsStore.setState({ loaded: false, conversations: [] });
    render(
      <MemoryRouter initialEntries={['/conversations/direct/d-viewed']}>
        <Routes>
          <Route path="/conversations/direct/:conversationId" element={<ConversationPage />} />
        </Routes>
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: TEXTS.viewingAsNoConversationsTitle })).toBeTruthy();
    expect(screen.getByText(TEXTS.viewingAsNoConversations)).toBeTruthy();
    expect(screen.queryByText('Loading conversation')).toBeNull();
    expect(useMessagesStore.getState().loading['d-viewed']).toBeUndefined();
    expect(useConversationsStore.getState().activeConversationId).not.toBe('d-viewed');
  });
});
