import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ERROR_CODES, OUTBOX_BUSY_RETRIES, TEXTS, type Message, type User } from '@stoop/shared';
import { applyPage } from '../services/chat/message-cache.ts';
import { makeMessage } from '../services/chat/message-cache.fixtures.ts';
import { toast } from '../services/ui/toast.ts';
import { apiError, installFakeServer, json } from '../test/fake-server.ts';
import { installFakeXhr, lastXhr } from '../test/fake-xhr.ts';
import { useAuthStore } from './auth.ts';
import { useMessagesStore } from './messages.ts';
import { useOutboxStore } from './outbox.ts';

const me = { id: 'me', role: 'resident', isLocked: false } as User;
const SEND = 'POST /api/conversations/c1/messages';

/** The 503 an overloaded server answers (R-LIMIT-13). */
const busy = () => {
  const answer = apiError(503, TEXTS.serverBusy, ERROR_CODES.serverBusy);
  answer.headers.set('Retry-After', '1');
  return answer;
};
const stored = (body: unknown): Message => {
  const { content, clientMessageId } = body as { content: string; clientMessageId: string };
  return makeMessage({ conversationId: 'c1', userId: 'me', content, clientMessageId });
};
const statuses = () => Object.values(useOutboxStore.getState().sends).map((s) => s.status);
const view = () => useMessagesStore.getState().cache.conversations.c1?.messages ?? [];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  // No jitter: the wait is exactly the server's Retry-After.
  vi.spyOn(Math, 'random').mockReturnValue(0);
  vi.spyOn(toast, 'error').mockReturnValue('t');
  useOutboxStore.getState().reset();
  useMessagesStore.getState().reset();
  useMessagesStore.setState({
    cache: applyPage(useMessagesStore.getState().cache, 'c1', { messages: [], hasMore: false }, 'initial'),
  });
  useAuthStore.setState({ user: me });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('R-LIMIT-14: the outbox waits out a busy server’s Retry-After and sends again', () => {
  it('a 503 with Retry-After: no error, the echo stays pending, the same send goes again after the wait', async () => {
    let refusals = 1;
    const server = installFakeServer({
      [SEND]: (call) => (refusals-- > 0 ? busy() : json(201, { message: stored(call.body) })),
    });
    const sending = useOutboxStore.getState().sendMessage('c1', { content: 'Is the lift fixed?' });
    await vi.advanceTimersByTimeAsync(999);
    expect(server.calls).toHaveLength(1);
    expect(statuses()).toEqual(['pending']);
    expect(toast.error).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    const message = await sending;
    expect(server.calls).toHaveLength(2);
    const [first, second] = server.calls.map((c) => (c.body as { clientMessageId: string }).clientMessageId);
    expect(second).toBe(first);
    expect(message?.content).toBe('Is the lift fixed?');
    expect(view().map((m) => m.content)).toEqual(['Is the lift fixed?']);
    expect(useOutboxStore.getState().sends).toEqual({});
    expect(toast.error).not.toHaveBeenCalled();
  });

  it(`after ${OUTBOX_BUSY_RETRIES} waits the send is marked failed with the server’s words, Retry offered`, async () => {
    const server = installFakeServer({ [SEND]: () => busy() });
    const sending = useOutboxStore.getState().sendMessage('c1', { content: 'Still busy?' });
    await vi.advanceTimersByTimeAsync(OUTBOX_BUSY_RETRIES * 1000);
    await expect(sending).resolves.toBeNull();
    expect(server.calls).toHaveLength(OUTBOX_BUSY_RETRIES + 1);
    expect(statuses()).toEqual(['failed']);
    expect(toast.error).toHaveBeenCalledWith(TEXTS.serverBusy);
  });

  it('a 429 that carries Retry-After is waited out the same way, for as long as it says', async () => {
    let refusals = 1;
    const server = installFakeServer({
      [SEND]: (call) => {
        if (refusals-- <= 0) return json(201, { message: stored(call.body) });
        const answer = apiError(429, 'Too many requests from your account.', ERROR_CODES.rateLimited);
        answer.headers.set('Retry-After', '3');
        return answer;
      },
    });
    const sending = useOutboxStore.getState().sendMessage('c1', { content: 'Parcel room open?' });
    await vi.advanceTimersByTimeAsync(2999);
    expect(server.calls).toHaveLength(1);
    expect(statuses()).toEqual(['pending']);
    await vi.advanceTimersByTimeAsync(1);
    expect((await sending)?.content).toBe('Parcel room open?');
    expect(server.calls).toHaveLength(2);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('a 429 without Retry-After (a resident sending too fast, R-LIMIT-5) fails at once as before', async () => {
    const text = 'You are sending messages too fast in this conversation. Wait a moment.';
    const server = installFakeServer({ [SEND]: () => apiError(429, text, ERROR_CODES.rateLimited) });
    await expect(useOutboxStore.getState().sendMessage('c1', { content: 'again' })).resolves.toBeNull();
    expect(server.calls).toHaveLength(1);
    expect(statuses()).toEqual(['failed']);
    expect(toast.error).toHaveBeenCalledWith(text);
  });

  it('a send with a file (upload) waits out the Retry-After too', async () => {
    const xhr = installFakeXhr();
    const file = new File(['x'.repeat(64)], 'notice.jpg', { type: 'image/jpeg' });
    const sending = useOutboxStore.getState().sendMessage('c1', { content: 'the notice', file });
    lastXhr().respond(
      503,
      { statusCode: 503, error: 'Service Unavailable', message: TEXTS.serverBusy },
      {
        'retry-after': '1',
      },
    );
    await vi.advanceTimersByTimeAsync(999);
    expect(xhr.requests).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(xhr.requests).toHaveLength(2);
    lastXhr().respond(201, {
      message: makeMessage({ conversationId: 'c1', userId: 'me', content: 'the notice' }),
    });
    expect((await sending)?.content).toBe('the notice');
    expect(toast.error).not.toHaveBeenCalled();
  });
});
