import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation, Message } from '@stoop/shared';
import { applyLiveUpdate } from '../../realtime/live-updates.ts';
import { runReconnectRefreshes } from '../../services/session/reconnect-refresh.ts';
import { makeMessage } from '../../services/chat/message-cache.fixtures.ts';
import { useAuthStore } from '../../stores/auth.ts';
import { useConversationsStore } from '../../stores/conversations.ts';
import { useReadReceiptsStore } from '../../stores/read-receipts.ts';
import { useUsersStore } from '../../stores/users.ts';
import { installFakeServer, json, makeConversation, makeUser } from '../../test/fake-server.ts';
import { MessageList } from './MessageList.tsx';
import { setUpMessageListTests } from './scroll-layout.fixtures.ts';

const fromOmar = makeMessage({ id: 'omar1', userId: 'omar', createdSeq: 10, seq: 10 });
const mine = makeMessage({ id: 'mine1', userId: 'me', createdSeq: 11, seq: 11 });
// A reaction later moved its change-feed seq on; its place in the order of creation stays.
const mineLatest = makeMessage({ id: 'mine2', userId: 'me', createdSeq: 12, seq: 40 });

function show(conversation: Conversation, messages: Message[]) {
  useConversationsStore.setState({ conversations: [conversation] });
  return render(
    <MemoryRouter>
      <MessageList messages={messages} hasMore={false} loading={false} onLoadOlder={() => undefined} />
    </MemoryRouter>,
  );
}

const read = (conversationId: string, userId: string, lastReadSeq: number) =>
  act(() => applyLiveUpdate({ name: 'conversation:read', payload: { conversationId, userId, lastReadSeq } }));

/** The receipt and the row it sits under. */
const receiptPlace = () => {
  const receipt = screen.getByTestId('read-receipt');
  return { receipt, under: receipt.previousElementSibling?.getAttribute('data-message-id') };
};

setUpMessageListTests(() => undefined);
beforeEach(() => {
  useReadReceiptsStore.getState().reset();
  useUsersStore.setState({
    byId: {
      omar: makeUser({ id: 'omar', username: 'Omar Haddad' }),
      lena: makeUser({ id: 'lena', username: 'Lena Berg' }),
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('R-RECEIPT-4: who has read the resident’s own newest message', { timeout: 15_000 }, () => {
  it('a direct conversation: "Seen" under the newest own message once the other read it, live', async () => {
    const server = installFakeServer({
      'GET /api/conversations/d1/reads': () =>
        json(200, { enabled: true, reads: [{ userId: 'omar', lastReadSeq: 11 }] }),
    });
    const direct = makeConversation({ id: 'd1', type: 'direct', name: '', participants: ['me', 'omar'] });
    const messages = [fromOmar, mine, mineLatest].map((m) => ({ ...m, conversationId: 'd1' }));
    show(direct, messages);
    await waitFor(() => expect(server.called('GET', '/api/conversations/d1/reads')).toBe(true));
    // Omar has read up to the first of the two: nothing under the newest yet.
    expect(screen.queryByTestId('read-receipt')).toBeNull();

    read('d1', 'omar', 12);
    const { receipt, under } = receiptPlace();
    expect(receipt.textContent).toBe('Seen');
    expect(under).toBe('mine2');
    // Reads elsewhere, or older positions arriving late, change nothing.
    read('other', 'omar', 99);
    read('d1', 'omar', 5);
    expect(screen.getAllByTestId('read-receipt')).toHaveLength(1);
  });

  it('a read that arrives while the first load is on its way still shows "Seen"', async () => {
    // The server answered before Omar read; his read reached the page before that answer did.
    let answer: (response: Response) => void = () => undefined;
    const server = installFakeServer({
      'GET /api/conversations/d4/reads': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const direct = makeConversation({ id: 'd4', type: 'direct', name: '', participants: ['me', 'omar'] });
    show(direct, [{ ...mineLatest, conversationId: 'd4' }]);
    await waitFor(() => expect(server.called('GET', '/api/conversations/d4/reads')).toBe(true));
    read('d4', 'omar', 12);
    answer(json(200, { enabled: true, reads: [] }));
    expect((await screen.findByTestId('read-receipt')).textContent).toBe('Seen');
  });

  it('the first connection reads again what was loaded before the socket joined its rooms', async () => {
    let omarRead = 3;
    const server = installFakeServer({
      'GET /api/conversations/d5/reads': () =>
        json(200, { enabled: true, reads: [{ userId: 'omar', lastReadSeq: omarRead }] }),
    });
    const direct = makeConversation({ id: 'd5', type: 'direct', name: '', participants: ['me', 'omar'] });
    show(direct, [{ ...mineLatest, conversationId: 'd5' }]);
    await waitFor(() => expect(useReadReceiptsStore.getState().byConversation.d5?.positions.omar).toBe(3));
    // Omar read before this page's socket was in the room: no live read came.
    omarRead = 12;
    await act(() => runReconnectRefreshes({ firstConnect: true }));
    expect(server.calls.filter((c) => c.path === '/api/conversations/d5/reads').length).toBe(2);
    expect(receiptPlace().receipt.textContent).toBe('Seen');
  });

  it('a group: "Seen by N", naming them on hover and on a tap', async () => {
    installFakeServer({
      'GET /api/conversations/g1/reads': () =>
        json(200, {
          enabled: true,
          reads: [
            { userId: 'omar', lastReadSeq: 12 },
            { userId: 'lena', lastReadSeq: 3 },
          ],
        }),
    });
    const group = makeConversation({ id: 'g1', participants: ['me', 'omar', 'lena'] });
    show(
      group,
      [fromOmar, mineLatest].map((m) => ({ ...m, conversationId: 'g1' })),
    );
    await screen.findByTestId('read-receipt');
    // Role queries are slow over a whole list: the receipt's own button is found within it.
    const button = within(receiptPlace().receipt).getByRole('button');
    expect(button.getAttribute('aria-label')).toBe('Seen by 1: Omar Haddad');
    expect(button.getAttribute('title')).toBe('Omar Haddad');
    // Out of the tab order like every control of the list (R-MSG-24).
    expect(button.tabIndex).toBe(-1);

    read('g1', 'lena', 12);
    const both = within(receiptPlace().receipt).getByRole('button');
    expect(both.getAttribute('aria-label')).toBe('Seen by 2: Omar Haddad, Lena Berg');
    fireEvent.click(both);
    expect(both.getAttribute('aria-expanded')).toBe('true');
    expect(within(receiptPlace().receipt).getByText('Omar Haddad, Lena Berg')).toBeTruthy();
  });

  it('R-RECEIPT-5: nothing when the resident does not share receipts; no call where they are no participant', async () => {
    const server = installFakeServer({
      'GET /api/conversations/d2/reads': () => json(200, { enabled: false, reads: [] }),
    });
    const direct = makeConversation({ id: 'd2', type: 'direct', name: '', participants: ['me', 'omar'] });
    const { unmount } = show(direct, [{ ...mineLatest, conversationId: 'd2' }]);
    await waitFor(() => expect(useReadReceiptsStore.getState().byConversation.d2?.enabled).toBe(false));
    read('d2', 'omar', 50);
    expect(screen.queryByTestId('read-receipt')).toBeNull();
    unmount();

    const followed = makeConversation({ id: 'c9', participants: ['omar', 'lena'] });
    show(followed, [{ ...mineLatest, conversationId: 'c9' }]);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(server.called('GET', '/api/conversations/c9/reads')).toBe(false);
  });
});

describe('R-RECEIPT-8: a change of the read-receipts setting shows at once', { timeout: 15_000 }, () => {
  const withdraw = (conversationId: string, userId: string) =>
    act(() => applyLiveUpdate({ name: 'conversation:read-withdrawn', payload: { conversationId, userId } }));
  const setting = (shareReadReceipts: boolean) =>
    act(() => applyLiveUpdate({ name: 'read-receipts:changed', payload: { shareReadReceipts } }));

  it('another participant turning them off takes "Seen" away, and on again brings it back', async () => {
    installFakeServer({
      'GET /api/conversations/d3/reads': () =>
        json(200, { enabled: true, reads: [{ userId: 'omar', lastReadSeq: 12 }] }),
    });
    const direct = makeConversation({ id: 'd3', type: 'direct', name: '', participants: ['me', 'omar'] });
    show(
      direct,
      [fromOmar, mineLatest].map((m) => ({ ...m, conversationId: 'd3' })),
    );
    expect((await screen.findByTestId('read-receipt')).textContent).toBe('Seen');

    // A withdrawal elsewhere, or of someone else, changes nothing here.
    withdraw('other', 'omar');
    withdraw('d3', 'lena');
    expect(screen.getAllByTestId('read-receipt')).toHaveLength(1);
    withdraw('d3', 'omar');
    expect(screen.queryByTestId('read-receipt')).toBeNull();
    read('d3', 'omar', 12);
    expect(screen.getByTestId('read-receipt').textContent).toBe('Seen');
  });

  it('in a group, "Seen by N" counts the one who turned them off no more', async () => {
    installFakeServer({
      'GET /api/conversations/g3/reads': () =>
        json(200, {
          enabled: true,
          reads: [
            { userId: 'omar', lastReadSeq: 12 },
            { userId: 'lena', lastReadSeq: 12 },
          ],
        }),
    });
    const group = makeConversation({ id: 'g3', participants: ['me', 'omar', 'lena'] });
    show(group, [{ ...mineLatest, conversationId: 'g3' }]);
    await screen.findByTestId('read-receipt');
    expect(within(receiptPlace().receipt).getByRole('button').getAttribute('aria-label')).toBe(
      'Seen by 2: Omar Haddad, Lena Berg',
    );
    withdraw('g3', 'lena');
    expect(within(receiptPlace().receipt).getByRole('button').getAttribute('aria-label')).toBe(
      'Seen by 1: Omar Haddad',
    );
  });

  it('the resident’s own change on another device hides every receipt, and brings them back from the server', async () => {
    let shares = true;
    const server = installFakeServer({
      'GET /api/conversations/d4/reads': () =>
        json(200, { enabled: shares, reads: shares ? [{ userId: 'omar', lastReadSeq: 12 }] : [] }),
    });
    const me = useAuthStore.getState().user;
    useAuthStore.setState({ user: me && { ...me, shareReadReceipts: true } });
    const direct = makeConversation({ id: 'd4', type: 'direct', name: '', participants: ['me', 'omar'] });
    show(direct, [{ ...mineLatest, conversationId: 'd4' }]);
    await screen.findByTestId('read-receipt');
    const calls = () => server.calls.filter((c) => c.path === '/api/conversations/d4/reads').length;
    const before = calls();

    shares = false;
    setting(false);
    expect(useAuthStore.getState().user?.shareReadReceipts).toBe(false);
    expect(screen.queryByTestId('read-receipt')).toBeNull();
    // Off needs no answer from the server; a read arriving late is not shown.
    expect(calls()).toBe(before);
    read('d4', 'omar', 40);
    expect(screen.queryByTestId('read-receipt')).toBeNull();

    shares = true;
    setting(true);
    expect(useAuthStore.getState().user?.shareReadReceipts).toBe(true);
    expect((await screen.findByTestId('read-receipt')).textContent).toBe('Seen');
    expect(calls()).toBe(before + 1);
    // The same setting heard again (this device's own save) asks nothing more.
    setting(true);
    expect(calls()).toBe(before + 1);
  });
});
