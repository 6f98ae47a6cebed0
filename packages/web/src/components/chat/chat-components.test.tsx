import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { PublicUser, User } from '@stoop/shared';
import { NO_MESSAGE_ABILITIES } from '@stoop/shared/no-abilities';
import { TEXTS } from '@stoop/shared/texts';
import { makeMessage } from '../../services/chat/message-cache.fixtures.ts';
import { applyPage, emptyCache } from '../../services/chat/message-cache.ts';
import { useAuthStore } from '../../stores/auth.ts';
import { useConversationsStore } from '../../stores/conversations.ts';
import { useDraftsStore } from '../../stores/drafts.ts';
import { useEditRequestStore } from '../../stores/edit-request.ts';
import { useMessagesStore } from '../../stores/messages.ts';
import { draftKey, useOutboxStore, type OutgoingMessage } from '../../stores/outbox.ts';
import { useUsersStore } from '../../stores/users.ts';
import { Composer } from './Composer.tsx';
import { ConversationSidebar } from './ConversationSidebar.tsx';
import { MessageRow } from './MessageRow.tsx';
import { typingText } from './TypingIndicator.tsx';
import { makeConversation } from '../../test/fake-server.ts';
import { loadMarkdownFirst } from '../../test/markdown-first.ts';

vi.mock('../../realtime/socket.ts', () => ({
  connectSocket: vi.fn(),
  emitTyping: vi.fn(),
  joinConversation: vi.fn(),
}));

loadMarkdownFirst();

const me = {
  id: 'me',
  username: 'Me Myself',
  role: 'resident',
  isLocked: false,
  avatar: null,
} as unknown as User;
const nadia = { id: 'nadia', username: 'Nadia', avatar: null } as PublicUser;

const conversation = makeConversation;

const pendingUpload: OutgoingMessage = {
  clientMessageId: 'up',
  conversationId: 'c1',
  content: '',
  parentMessageId: null,
  file: new File(['x'], 'a.jpg', { type: 'image/jpeg' }),
  status: 'pending',
  progress: 0,
};

beforeEach(() => {
  useAuthStore.setState({ user: me });
  useUsersStore.setState({ byId: { nadia }, loaded: true });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  // What one test typed is kept as a draft (R-STORE-6); the next starts with empty composers.
  useDraftsStore.getState().reset();
});

describe('Composer', () => {
  it('Enter sends, Shift+Enter does not', () => {
    const send = vi.spyOn(useOutboxStore.getState(), 'sendMessage').mockResolvedValue(null);
    useOutboxStore.setState({ sendMessage: send });
    render(<Composer conversationId="c1" conversationType="channel" participantIds={[]} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'hello' } });
    fireEvent.keyDown(box, { key: 'Enter', shiftKey: true });
    expect(send).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(send).toHaveBeenCalledWith('c1', { content: 'hello', file: null, parentMessageId: null });
    expect((box as HTMLTextAreaElement).value).toBe('');
  });

  it('is disabled while no conversation is active', () => {
    render(<Composer conversationId={null} conversationType={null} participantIds={[]} />);
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' }).disabled).toBe(true);
  });

  it('takes back the text and file of a cancelled upload and puts the caret in the message box', async () => {
    const file = new File(['x'], 'lease.pdf', { type: 'application/pdf' });
    useOutboxStore.setState({ restoredDrafts: { [draftKey('c1', null)]: { content: 'the lease', file } } });
    render(<Composer conversationId="c1" conversationType="channel" participantIds={[]} />);
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' });
    expect(box.value).toBe('the lease');
    // The tray of waiting files loads with its first file (R-UPLOAD-10).
    expect(await screen.findByText('lease.pdf')).toBeTruthy();
    expect(document.activeElement).toBe(box);
    expect(screen.getByRole('status').textContent).toMatch(/Upload cancelled/);
    expect(useOutboxStore.getState().restoredDrafts).toEqual({});
  });

  it('leaves a thread reply’s draft to that thread’s composer', () => {
    const key = draftKey('c1', 'parent-1');
    useOutboxStore.setState({ restoredDrafts: { [key]: { content: 'reply', file: null } } });
    render(<Composer conversationId="c1" conversationType="channel" participantIds={[]} />);
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' }).value).toBe('');
    expect(useOutboxStore.getState().restoredDrafts[key]).toBeDefined();
    useOutboxStore.setState({ restoredDrafts: {} });
  });

  it('completes @mentions from the directory', () => {
    render(<Composer conversationId="c1" conversationType="channel" participantIds={[]} />);
    const box = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: 'hi @Na', selectionStart: 6 } });
    const option = screen.getByRole('option', { name: '@Nadia' });
    // Screen readers follow the highlighted option while focus stays in the message box.
    expect(box.getAttribute('aria-activedescendant')).toBe(option.id);
    expect(box.getAttribute('aria-controls')).toBe(screen.getByRole('listbox').id);
    expect(box.hasAttribute('aria-expanded')).toBe(false);
    fireEvent.keyDown(box, { key: 'Enter' });
    expect((box as HTMLTextAreaElement).value).toBe('hi @Nadia ');
  });

  it('R-MSG-19, R-ACCESS-9: Up arrow in the empty box edits the newest own message the server lets me edit', () => {
    const editable = { ...NO_MESSAGE_ABILITIES, edit: true, delete: true, react: true };
    const messages = [
      makeMessage({ id: 'older', conversationId: 'c1', userId: 'me', abilities: editable }),
      // Mine by its author id, but the server sends no edit (a data source's message, say).
      makeMessage({ id: 'refused', conversationId: 'c1', userId: 'me', abilities: NO_MESSAGE_ABILITIES }),
      makeMessage({ id: 'theirs', conversationId: 'c1', userId: 'nadia', abilities: editable }),
    ];
    useMessagesStore.setState({
      cache: applyPage(emptyCache(), 'c1', { messages, hasMore: false }, 'initial'),
    });
    render(<Composer conversationId="c1" conversationType="channel" participantIds={[]} />);
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Message' }), { key: 'ArrowUp' });
    expect(useEditRequestStore.getState().messageId).toBe('older');
    useEditRequestStore.getState().done();
    useMessagesStore.setState({ cache: emptyCache() });
  });
});

describe('MessageRow', () => {
  it('a failed send shows Retry, which resends with the same clientMessageId', () => {
    const retry = vi.fn().mockResolvedValue(null);
    useOutboxStore.setState({ retrySend: retry });
    const message = makeMessage({ id: 'local-cm', userId: 'me', clientMessageId: 'cm', content: 'hello' });
    const send: OutgoingMessage = {
      clientMessageId: 'cm',
      conversationId: 'c1',
      content: 'hello',
      parentMessageId: null,
      file: null,
      status: 'failed',
      progress: null,
    };
    render(
      <MemoryRouter>
        <MessageRow message={message} send={send} />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(retry).toHaveBeenCalledWith('cm');
  });

  it('an upload in progress has a Cancel button beside its progress bar that stops it', () => {
    const cancel = vi.fn();
    useOutboxStore.setState({ cancelSend: cancel });
    const message = makeMessage({ id: 'local-up', userId: 'me', clientMessageId: 'up', fileName: 'a.jpg' });
    const uploading = (progress: number) => (
      <MemoryRouter>
        <MessageRow message={message} send={{ ...pendingUpload, progress }} />
      </MemoryRouter>
    );
    const { rerender } = render(uploading(0.4));
    expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe(
      '40',
    );
    const button = screen.getByRole('button', { name: 'Cancel upload' });
    // A real button: reachable with Tab, pressed with Enter or Space.
    expect(button.tagName).toBe('BUTTON');
    fireEvent.click(button);
    expect(cancel).toHaveBeenCalledWith('up');
    // Every byte sent: the server may be storing it already, so there is nothing left to cancel.
    rerender(uploading(1));
    expect(screen.queryByRole('button', { name: 'Cancel upload' })).toBeNull();
  });

  it('renders markdown safely and shows who liked', async () => {
    const message = makeMessage({ userId: 'nadia', content: '<b>x</b> **ok**', likedBy: ['nadia'] });
    const { container } = render(
      <MemoryRouter>
        <MessageRow message={message} send={undefined} />
      </MemoryRouter>,
    );
    expect(container.querySelector('b')).toBeNull();
    await waitFor(() => expect(container.querySelector('strong')?.textContent).toBe('ok'));
    expect(container.querySelector('b')).toBeNull();
    expect(screen.getByText(/likes: Nadia/)).toBeTruthy();
  });

  it('R-ADMIN-9: a hidden message shows the placeholder to residents, and the text marked hidden to its author and admins', () => {
    const hiddenMetadata = { userFlaggedBy: [], adminFlaggedBy: [], mentionedUsers: [], adminHidden: true };
    // As a resident gets it from the server: emptied.
    const redacted = makeMessage({
      userId: 'nadia',
      content: '',
      metadata: hiddenMetadata,
      abilities: { edit: false, delete: false, hide: false, report: true, react: false },
    });
    const { unmount } = render(
      <MemoryRouter>
        <MessageRow message={redacted} send={undefined} />
      </MemoryRouter>,
    );
    expect(screen.getByText(TEXTS.messageHiddenByAdmin)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Like' })).toBeNull();
    unmount();
    // As its author gets it: whole, marked hidden.
    const own = makeMessage({
      userId: 'me',
      content: 'my words',
      metadata: hiddenMetadata,
      abilities: { edit: true, delete: true, hide: false, report: false, react: true },
    });
    render(
      <MemoryRouter>
        <MessageRow message={own} send={undefined} />
      </MemoryRouter>,
    );
    expect(screen.getByText('my words')).toBeTruthy();
    expect(screen.getByText(TEXTS.messageHiddenMark)).toBeTruthy();
    expect(screen.queryByText(TEXTS.messageHiddenByAdmin)).toBeNull();
  });
  it('R-DELIVERY-12: draws the action icons the first time the row is pointed at or focused; the actions work before', () => {
    const message = makeMessage({
      userId: 'nadia',
      content: 'hello',
      abilities: { edit: false, delete: false, hide: false, report: true, react: true },
    });
    const { container } = render(
      <MemoryRouter>
        <MessageRow message={message} send={undefined} />
        <MessageRow message={{ ...message, id: 'other' }} send={undefined} />
      </MemoryRouter>,
    );
    const [first, second] = [...container.querySelectorAll('article')];
    const toolbarIcons = (row: Element) => row.querySelectorAll('[role="toolbar"] svg').length;
    expect(toolbarIcons(first!)).toBe(0);
    expect(within(first!).getByRole('button', { name: 'Like' })).toBeTruthy();
    // Keyboard: Tab reaches the button, and its row draws the icons.
    fireEvent.focus(within(first!).getByRole('button', { name: 'Like' }));
    // Like, react (R-REACT), reply in thread and report.
    expect(toolbarIcons(first!)).toBe(4);
    expect(toolbarIcons(second!)).toBe(0);
    fireEvent.pointerEnter(second!);
    expect(toolbarIcons(second!)).toBe(4);
  });
});

describe('ConversationSidebar', () => {
  it('lists channels and direct chats with unread badges and presence', () => {
    useConversationsStore.setState({
      loaded: true,
      online: new Set(['nadia']),
      conversations: [
        conversation({ id: 'c1', name: 'Lobby', unreadCount: 3 }),
        conversation({ id: 'd1', type: 'direct', participants: ['me', 'nadia'], name: '' }),
      ],
    });
    render(
      <MemoryRouter>
        <ConversationSidebar />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Lobby, 3 unread' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Nadia, online' })).toBeTruthy();
    act(() => {
      fireEvent.change(screen.getByRole('searchbox', { name: 'Filter conversations' }), {
        target: { value: 'nad' },
      });
    });
    expect(screen.queryByRole('link', { name: /Lobby/ })).toBeNull();
  });
});

describe('ConversationSidebar while viewing as someone (R-ADMIN-18)', () => {
  afterEach(() => useAuthStore.setState({ viewer: null }));

  it('says the conversations are not available instead of a spinner that never stops', () => {
    useAuthStore.setState({ user: me, viewer: { id: 'admin', username: 'Office' } });
    useConversationsStore.setState({ loaded: false, loading: false, conversations: [] });
    render(
      <MemoryRouter>
        <ConversationSidebar />
      </MemoryRouter>,
    );
    expect(screen.getByRole('note').textContent).toBe(TEXTS.viewingAsNoConversations);
    expect(screen.queryByText('Loading conversations')).toBeNull();
    expect(screen.queryByRole('list', { name: 'Direct messages' })).toBeNull();
  });
});

describe('typing indicator', () => {
  it('names who is typing', () => {
    expect(typingText(['Nadia'])).toBe('Nadia is typing…');
    expect(typingText(['Nadia', 'Omar'])).toBe('Nadia and Omar are typing…');
  });
});
