import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@stoop/shared';
import { applyPage } from '../services/chat/message-cache.ts';
import { makeMessage } from '../services/chat/message-cache.fixtures.ts';
import { toast } from '../services/ui/toast.ts';
import { installFakeXhr, lastXhr } from '../test/fake-xhr.ts';
import { useAuthStore } from './auth.ts';
import { useConversationsStore } from './conversations.ts';
import { useMessagesStore } from './messages.ts';
import { SENT_DESPITE_CANCEL, draftKey, isCancellableUpload, useOutboxStore } from './outbox.ts';

const me = { id: 'me', role: 'resident', isLocked: false } as User;
const photo = () => new File(['x'.repeat(2048)], 'balcony.jpg', { type: 'image/jpeg' });

const view = () => useMessagesStore.getState().cache.conversations.c1?.messages ?? [];
const onlySend = () => {
  const sends = Object.values(useOutboxStore.getState().sends);
  expect(sends).toHaveLength(1);
  return sends[0]!;
};

beforeEach(() => {
  installFakeXhr();
  vi.spyOn(toast, 'error').mockReturnValue('t');
  useOutboxStore.getState().reset();
  useMessagesStore.getState().reset();
  useMessagesStore.setState({
    cache: applyPage(useMessagesStore.getState().cache, 'c1', { messages: [], hasMore: false }, 'initial'),
  });
  useAuthStore.setState({ user: me });
  useConversationsStore.setState({ activeConversationId: 'c1' });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('outbox store: cancelling an upload', () => {
  it('aborts the request, removes the pending message and gives text and file back, without an error', async () => {
    const file = photo();
    const sending = useOutboxStore.getState().sendMessage('c1', { content: 'our balcony', file });
    lastXhr().progress(512, 2048);
    const send = onlySend();
    expect(send.progress).toBe(0.25);
    expect(isCancellableUpload(send)).toBe(true);

    useOutboxStore.getState().cancelSend(send.clientMessageId);

    expect(lastXhr().aborted).toBe(true);
    await expect(sending).resolves.toBeNull();
    expect(view()).toEqual([]);
    expect(useOutboxStore.getState().sends).toEqual({});
    expect(toast.error).not.toHaveBeenCalled();
    const draft = useOutboxStore.getState().takeRestoredDraft(draftKey('c1', null));
    expect(draft).toEqual({ content: 'our balcony', file });
    // Taken once: the composer does not get it a second time.
    expect(useOutboxStore.getState().takeRestoredDraft(draftKey('c1', null))).toBeNull();
  });

  it('a thread reply goes back to that thread’s composer', async () => {
    const sending = useOutboxStore
      .getState()
      .sendMessage('c1', { content: 'reply', file: photo(), parentMessageId: 'parent-1' });
    useOutboxStore.getState().cancelSend(onlySend().clientMessageId);
    await sending;
    expect(Object.keys(useOutboxStore.getState().restoredDrafts)).toEqual([draftKey('c1', 'parent-1')]);
  });

  it('cannot cancel once every byte is sent: the server may already be storing the message', async () => {
    const sending = useOutboxStore.getState().sendMessage('c1', { content: 'late', file: photo() });
    lastXhr().progress(2048, 2048);
    const send = onlySend();
    expect(isCancellableUpload(send)).toBe(false);
    useOutboxStore.getState().cancelSend(send.clientMessageId);
    expect(lastXhr().aborted).toBe(false);
    lastXhr().respond(201, {
      message: makeMessage({ id: 'server-1', content: 'late', clientMessageId: send.clientMessageId }),
    });
    await sending;
    expect(view().map((m) => m.id)).toEqual(['server-1']);
  });

  it('a cancel that crossed the commit: the server copy shows once, the draft does not come back, the resident is told', async () => {
    const info = vi.spyOn(toast, 'info').mockReturnValue('i');
    const sending = useOutboxStore.getState().sendMessage('c1', { content: 'our balcony', file: photo() });
    lastXhr().progress(2000, 2048);
    const send = onlySend();
    useOutboxStore.getState().cancelSend(send.clientMessageId);
    await sending;
    // The last bytes had arrived: the server stored it, and the socket brings it.
    const stored = makeMessage({
      id: 'server-1',
      content: 'our balcony',
      clientMessageId: send.clientMessageId,
    });
    useMessagesStore.getState().applyServerMessages([stored]);
    expect(view().map((m) => m.id)).toEqual(['server-1']);
    expect(useOutboxStore.getState().takeRestoredDraft(draftKey('c1', null))).toBeNull();
    expect(info).toHaveBeenCalledWith(SENT_DESPITE_CANCEL);
    // Told once, whatever else brings the same message again (sync after a reconnect).
    useMessagesStore.getState().applyServerMessages([stored]);
    expect(info).toHaveBeenCalledTimes(1);
  });

  it('a cancel that crossed the commit after the composer took the draft back: the text stays, the resident is told', async () => {
    const info = vi.spyOn(toast, 'info').mockReturnValue('i');
    const sending = useOutboxStore.getState().sendMessage('c1', { content: 'late news', file: photo() });
    const send = onlySend();
    useOutboxStore.getState().cancelSend(send.clientMessageId);
    await sending;
    expect(useOutboxStore.getState().takeRestoredDraft(draftKey('c1', null))?.content).toBe('late news');
    useMessagesStore
      .getState()
      .applyServerMessages([
        makeMessage({ id: 'server-2', content: 'late news', clientMessageId: send.clientMessageId }),
      ]);
    expect(info).toHaveBeenCalledWith(SENT_DESPITE_CANCEL);
    expect(view().map((m) => m.id)).toEqual(['server-2']);
  });

  it('a failed upload is not cancellable (it offers Retry and Delete instead)', async () => {
    const sending = useOutboxStore.getState().sendMessage('c1', { content: 'x', file: photo() });
    lastXhr().respond(500, { message: 'Storage is full' });
    await sending;
    const send = onlySend();
    expect(send.status).toBe('failed');
    expect(isCancellableUpload(send)).toBe(false);
    expect(toast.error).toHaveBeenCalledWith('Storage is full');
  });

  it('logout (reset) stops uploads still on the wire', () => {
    void useOutboxStore.getState().sendMessage('c1', { content: 'x', file: photo() });
    const request = lastXhr();
    useOutboxStore.getState().reset();
    expect(request.aborted).toBe(true);
  });
});
