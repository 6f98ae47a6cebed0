import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMessage } from '../../services/chat/message-cache.fixtures.ts';
import { toast } from '../../services/ui/toast.ts';
import { useConversationsStore } from '../../stores/conversations.ts';
import { useMessagesStore } from '../../stores/messages.ts';
import { MESSAGE_UNAVAILABLE, useMessageJump } from './use-message-jump.ts';

const fetchMock = vi.fn<typeof fetch>();
const page = (messages: unknown[], hasMore: boolean) =>
  new Response(JSON.stringify({ messages, hasMore, conversation: null }), { status: 200 });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(toast, 'error').mockReturnValue('t');
  useMessagesStore.getState().reset();
  useConversationsStore.setState({ activeConversationId: 'c1' });
});
afterEach(() => {
  cleanup();
  fetchMock.mockReset();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('useMessageJump', () => {
  it('does nothing without a target', () => {
    const { result } = renderHook(() => useMessageJump('c1', null, 'k'));
    expect(result.current).toEqual({ status: 'idle' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reports the target once the window around it is loaded, in one call', async () => {
    const target = makeMessage({ id: 'target', createdAt: '2025-03-01T10:00:00.000Z' });
    const newest = makeMessage({ id: 'newest', createdAt: '2025-03-02T10:00:00.000Z' });
    fetchMock.mockResolvedValueOnce(page([newest], true)).mockResolvedValueOnce(page([target], false));
    await useMessagesStore.getState().loadMessages('c1');
    const { result } = renderHook(() => useMessageJump('c1', 'target', 'k1'));
    expect(result.current.status).toBe('searching');
    await waitFor(() =>
      expect(result.current).toEqual({ status: 'found', target: { messageId: 'target', requestKey: 'k1' } }),
    );
    expect(fetchMock.mock.calls[1]![0] as string).toContain('around=target');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it(`shows '${MESSAGE_UNAVAILABLE}' when the server does not have it (404)`, async () => {
    fetchMock.mockResolvedValueOnce(page([makeMessage()], false)).mockResolvedValueOnce(
      new Response(JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'Message not found' }), {
        status: 404,
      }),
    );
    await useMessagesStore.getState().loadMessages('c1');
    const { result } = renderHook(() => useMessageJump('c1', 'deleted', 'k1'));
    await waitFor(() => expect(result.current.status).toBe('missing'));
    expect(toast.error).toHaveBeenCalledWith(MESSAGE_UNAVAILABLE, {
      id: 'message-jump',
      description: 'It may have been deleted.',
    });
  });

  it('shows the load error when the window cannot be loaded', async () => {
    fetchMock
      .mockResolvedValueOnce(page([makeMessage()], true))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await useMessagesStore.getState().loadMessages('c1');
    const { result } = renderHook(() => useMessageJump('c1', 'far', 'k1'));
    await waitFor(() => expect(result.current.status).toBe('missing'));
    expect(toast.error).toHaveBeenCalledWith(expect.stringMatching(/reach the server/), {
      id: 'message-jump',
    });
  });

  it('says nothing when the resident leaves before it is found', async () => {
    let answer: (response: Response) => void = () => undefined;
    fetchMock
      .mockResolvedValueOnce(page([makeMessage()], true))
      .mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    await useMessagesStore.getState().loadMessages('c1');
    const { unmount } = renderHook(() => useMessageJump('c1', 'far', 'k1'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    unmount();
    answer(page([], false));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('gives up quietly when "Jump to newest" takes the window before the message arrives', async () => {
    let answer: (response: Response) => void = () => undefined;
    const newest = makeMessage({ id: 'newest', createdAt: '2025-03-02T10:00:00.000Z' });
    fetchMock
      .mockResolvedValueOnce(page([newest], true))
      .mockReturnValueOnce(new Promise((resolve) => (answer = resolve)))
      .mockResolvedValueOnce(page([newest], true));
    await useMessagesStore.getState().loadMessages('c1');
    const { result } = renderHook(() => useMessageJump('c1', 'far', 'k1'));
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await useMessagesStore.getState().loadMessages('c1');
    answer(page([makeMessage({ id: 'far', createdAt: '2025-03-01T10:00:00.000Z' })], true));
    await waitFor(() => expect(result.current).toEqual({ status: 'idle' }));
    expect(useMessagesStore.getState().cache.conversations.c1!.messages.map((m) => m.id)).toEqual(['newest']);
    expect(toast.error).not.toHaveBeenCalled();
  });
});
