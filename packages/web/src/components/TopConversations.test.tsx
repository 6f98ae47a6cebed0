import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { TopConversations } from './TopConversations.tsx';
import { useActivityStore } from '../stores/activity.ts';

const NOW = Date.UTC(2025, 5, 1);

describe('TopConversations', () => {
  afterEach(cleanup);

  it('R-ACTIVITY-4, R-ACTIVITY-5: shows the top channels and direct chats with links, hidden ones left out', () => {
    useActivityStore.setState({
      activities: [
        { conversationId: 'c1', conversationType: 'channel', lastInteractedAt: NOW, interactionCount: 3 },
        { conversationId: 'h', conversationType: 'channel', lastInteractedAt: NOW, interactionCount: 9 },
        { conversationId: 'd1', conversationType: 'direct', lastInteractedAt: NOW, interactionCount: 1 },
      ],
    });
    render(
      <MemoryRouter>
        <TopConversations
          now={NOW}
          conversations={[
            { id: 'c1', type: 'channel', name: 'Garden', metadata: { adminHidden: false } },
            { id: 'h', type: 'channel', name: 'Secret', metadata: { adminHidden: true } },
            { id: 'd1', type: 'direct', name: '', metadata: { adminHidden: false } },
          ]}
          labelFor={(c) => (c.type === 'direct' ? 'Ana' : c.name)}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Garden' }).getAttribute('href')).toBe(
      '/main_dashboard/conversations/channel/c1',
    );
    expect(screen.getByRole('link', { name: 'Ana' }).getAttribute('href')).toBe(
      '/main_dashboard/conversations/direct/d1',
    );
    expect(screen.queryByText('Secret')).toBeNull();
  });
});
