import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import type { User } from '@stoop/shared';
import { makeMessage } from '../../services/chat/message-cache.fixtures.ts';
import { useAuthStore } from '../../stores/auth.ts';
import { useOutboxStore, type OutgoingMessage } from '../../stores/outbox.ts';
import { MessageRow } from './MessageRow.tsx';

vi.mock('../../realtime/socket.ts', () => ({
  connectSocket: vi.fn(),
  emitTyping: vi.fn(),
  joinConversation: vi.fn(),
}));

const me = { id: 'me', username: 'Me', role: 'resident', isLocked: false, avatar: null } as unknown as User;

const send = (over: Partial<OutgoingMessage>): OutgoingMessage => ({
  clientMessageId: 'cm',
  conversationId: 'c1',
  content: '',
  parentMessageId: null,
  file: null,
  status: 'pending',
  progress: null,
  ...over,
});

const row = (message: ReturnType<typeof makeMessage>, outgoing: OutgoingMessage) =>
  render(
    <MemoryRouter>
      <MessageRow message={message} send={outgoing} />
    </MemoryRouter>,
  );

// jsdom has no object URLs; the row only needs one to exist and to be released.
const created: string[] = [];
const revoked: string[] = [];
beforeEach(() => {
  useAuthStore.setState({ user: me });
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:pending/${created.length}-${blob.size}`;
    created.push(url);
    return url;
  };
  URL.revokeObjectURL = (url: string) => void revoked.push(url);
});
afterEach(() => {
  cleanup();
  created.length = 0;
  revoked.length = 0;
});

describe('MessageRow: sends not on the server yet', () => {
  it('R-MSG-6: a failed send offers Delete, which removes it from the outbox', () => {
    const discard = vi.fn();
    useOutboxStore.setState({ discardSend: discard });
    const message = makeMessage({ id: 'local-cm', userId: 'me', clientMessageId: 'cm', content: 'hello' });
    row(message, send({ content: 'hello', status: 'failed' }));
    expect(screen.queryByRole('button', { name: /Discard/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(discard).toHaveBeenCalledWith('cm');
  });

  it('R-UPLOAD-11: a pending image shows the picture itself, released once the row leaves', () => {
    const file = new File(['pixels'], 'balcony.jpg', { type: 'image/jpeg' });
    const message = makeMessage({
      id: 'local-cm',
      userId: 'me',
      clientMessageId: 'cm',
      fileName: 'balcony.jpg',
      fileType: 'image/jpeg',
    });
    const { unmount } = row(message, send({ file, progress: 0.2 }));
    const image = screen.getByRole('img', { name: 'balcony.jpg' });
    expect(image.getAttribute('src')).toBe(created.at(-1));
    expect(image.getAttribute('src')).toMatch(/^blob:/);
    unmount();
    expect(revoked).toContain(created.at(-1));
  });

  it('R-UPLOAD-11: a pending file that is not an image keeps its name chip', () => {
    const file = new File(['%PDF'], 'rules.pdf', { type: 'application/pdf' });
    const message = makeMessage({
      id: 'local-cm',
      userId: 'me',
      clientMessageId: 'cm',
      fileName: 'rules.pdf',
      fileType: 'application/pdf',
    });
    row(message, send({ file }));
    expect(screen.queryByRole('img', { name: 'rules.pdf' })).toBeNull();
    expect(screen.getByText('rules.pdf')).toBeTruthy();
  });
});
