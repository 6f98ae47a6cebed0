import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '@stoop/shared';
import { TEXTS } from '@stoop/shared/texts';
import { toast } from '../services/ui/toast.ts';
import { useAuthStore } from './auth.ts';
import { TYPING_TTL_MS, useConversationsStore } from './conversations.ts';
import { makeConversation } from '../test/fake-server.ts';

/** Answers the next XHR (creates go through XHR to keep the status text). */
let xhrAnswer: { status: number; statusText: string; body: string } = {
  status: 201,
  statusText: 'Created',
  body: '{}',
};
class FakeXhr {
  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  /** The answer carries no headers the client reads (such as Retry-After). */
  getResponseHeader(): string | null {
    return null;
  }
  abort() {}
  send() {
    queueMicrotask(() => {
      if (xhrAnswer.status === 0) return this.onerror?.();
      Object.assign(this, {
        status: xhrAnswer.status,
        statusText: xhrAnswer.statusText,
        responseText: xhrAnswer.body,
      });
      this.onload?.();
    });
  }
}

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const conversation = makeConversation;

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(toast, 'error').mockReturnValue('t');
  useConversationsStore.getState().reset();
  useAuthStore.setState({ user: { id: 'me', role: 'admin', isLocked: false } as User });
});
afterEach(() => {
  fetchMock.mockReset();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const create = () => useConversationsStore.getState().createChannel({ name: 'Lobby', description: '' });
const createDirect = () => useConversationsStore.getState().createDirect('nadia');

describe('R-ERR-1, R-ERR-2 create conversation error texts', () => {
  it('409 shows the server message', async () => {
    xhrAnswer = { status: 409, statusText: 'Conflict', body: JSON.stringify({ message: 'Lobby is taken' }) };
    expect(await create()).toBeNull();
    expect(toast.error).toHaveBeenCalledWith('Lobby is taken');
  });

  it('409 without a message falls back to the channel text', async () => {
    xhrAnswer = { status: 409, statusText: 'Conflict', body: '' };
    await create();
    expect(toast.error).toHaveBeenCalledWith(TEXTS.channelNameTaken);
  });

  it('409 without a message falls back to the conversation text for a direct chat', async () => {
    xhrAnswer = { status: 409, statusText: 'Conflict', body: '' };
    await createDirect();
    expect(toast.error).toHaveBeenCalledWith(TEXTS.conversationNameTaken);
  });

  it('other errors show the server message', async () => {
    xhrAnswer = {
      status: 400,
      statusText: 'Bad Request',
      body: JSON.stringify({ message: 'A channel needs a name' }),
    };
    await create();
    expect(toast.error).toHaveBeenCalledWith('A channel needs a name');
  });

  it('other errors without a message show the status text', async () => {
    xhrAnswer = { status: 502, statusText: 'Bad Gateway', body: '' };
    await createDirect();
    expect(toast.error).toHaveBeenCalledWith(TEXTS.createConversationFailedStatus('Bad Gateway'));
  });

  it('errors with neither fall back to the generic texts', async () => {
    xhrAnswer = { status: 500, statusText: '', body: '' };
    await create();
    expect(toast.error).toHaveBeenLastCalledWith(TEXTS.createChannelFailed);
    await createDirect();
    expect(toast.error).toHaveBeenLastCalledWith(TEXTS.createConversationFailed);
  });

  it('a created channel joins the list', async () => {
    xhrAnswer = {
      status: 201,
      statusText: 'Created',
      body: JSON.stringify({ conversation: conversation({ id: 'new' }) }),
    };
    expect((await create())?.id).toBe('new');
    expect(useConversationsStore.getState().conversations.map((c) => c.id)).toEqual(['new']);
  });
});

describe('R-CONV-1 direct conversations', () => {
  it('a direct conversation with oneself is refused', async () => {
    expect(await useConversationsStore.getState().createDirect('me')).toBeNull();
  });

  it('a direct conversation while not logged in is refused', async () => {
    useAuthStore.setState({ user: null });
    expect(await createDirect()).toBeNull();
  });

  it('an existing direct conversation between the two is reused', async () => {
    const existing = conversation({ id: 'd1', type: 'direct', participants: ['me', 'nadia'] });
    useConversationsStore.setState({ conversations: [existing] });
    expect(await createDirect()).toBe(existing);
  });
});

describe('R-CONV-2, R-CONV-3 optimistic changes with rollback', () => {
  it('delete is optimistic and rolls back on failure', async () => {
    useConversationsStore.setState({ conversations: [conversation()] });
    let fail: (r: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (fail = resolve)));
    const deleting = useConversationsStore.getState().deleteConversation('c1');
    expect(useConversationsStore.getState().conversations).toEqual([]);
    fail(json(500, { message: 'nope' }));
    expect(await deleting).toBe(false);
    expect(useConversationsStore.getState().conversations.map((c) => c.id)).toEqual(['c1']);
  });

  it('admin flag adds the admin id, unflag clears the list, hide flips adminHidden', async () => {
    useConversationsStore.setState({
      conversations: [conversation({ metadata: { adminFlaggedBy: ['other'], adminHidden: false } })],
    });
    fetchMock.mockImplementation(() => Promise.resolve(json(200, {})));
    const meta = () => useConversationsStore.getState().conversations[0]!.metadata;
    await useConversationsStore.getState().adminChannel('c1', 'flag');
    expect(meta().adminFlaggedBy).toEqual(['other', 'me']);
    await useConversationsStore.getState().adminChannel('c1', 'unflag');
    expect(meta().adminFlaggedBy).toEqual([]);
    await useConversationsStore.getState().adminChannel('c1', 'hide');
    expect(meta().adminHidden).toBe(true);
    expect(fetchMock.mock.calls[2]![0] as string).toContain('/api/conversations/c1/admin-hide-channel');
  });

  it('R-CONV-2: admin changes show at once, and roll back with their toast when the call fails', async () => {
    useConversationsStore.setState({ conversations: [conversation()] });
    const errorToast = vi.spyOn(toast, 'error');
    let answer: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValueOnce(new Promise<Response>((resolve) => (answer = resolve)));
    const meta = () => useConversationsStore.getState().conversations[0]!.metadata;
    const flagging = useConversationsStore.getState().adminChannel('c1', 'flag');
    expect(meta().adminFlaggedBy).toEqual(['me']);
    answer(json(404, { message: 'Conversation not found' }));
    expect(await flagging).toBe(false);
    expect(meta().adminFlaggedBy).toEqual([]);
    expect(errorToast).toHaveBeenCalledWith(TEXTS.channelChangeFailed, {
      description: 'Conversation not found',
    });
    fetchMock.mockResolvedValueOnce(json(500, { message: 'nope' }));
    await useConversationsStore.getState().adminChannel('c1', 'hide');
    expect(meta().adminHidden).toBe(false);
  });

  it('update failure returns null', async () => {
    useConversationsStore.setState({ conversations: [conversation()] });
    fetchMock.mockResolvedValueOnce(json(500, { message: 'nope' }));
    expect(await useConversationsStore.getState().updateConversation('c1', { name: 'x' })).toBeNull();
  });
});

describe('unread, presence and typing', () => {
  it('a new message in another conversation counts as unread; opening it resets', () => {
    useConversationsStore.setState({
      conversations: [conversation(), conversation({ id: 'c2' })],
      activeConversationId: 'c1',
    });
    const store = useConversationsStore.getState();
    store.noteIncomingMessage('c1', '2025-03-02T00:00:00.000Z', false);
    store.noteIncomingMessage('c2', '2025-03-02T00:00:00.000Z', false);
    store.noteIncomingMessage('c2', '2025-03-02T00:00:01.000Z', false);
    const unread = (id: string) =>
      useConversationsStore.getState().conversations.find((c) => c.id === id)!.unreadCount;
    expect(unread('c1')).toBe(0);
    expect(unread('c2')).toBe(2);
    store.setActiveConversation('c2');
    expect(unread('c2')).toBe(0);
  });

  it('typing users expire after the typing window', () => {
    vi.useFakeTimers();
    useConversationsStore.getState().addTyping('c1', 'u2', 'Nadia');
    expect(Object.keys(useConversationsStore.getState().typing.c1 ?? {})).toEqual(['u2']);
    vi.advanceTimersByTime(TYPING_TTL_MS + 1);
    expect(useConversationsStore.getState().typing.c1).toBeUndefined();
  });

  it('presence replaces the online set', () => {
    useConversationsStore.getState().setPresence(['a', 'b']);
    expect(useConversationsStore.getState().online.has('a')).toBe(true);
  });

  it('R-RT-11: changes add and drop residents and leave the rest of the set alone', () => {
    const store = useConversationsStore.getState();
    store.setPresence(['a', 'b']);
    store.applyPresenceChange(['c'], ['a']);
    expect([...useConversationsStore.getState().online].sort()).toEqual(['b', 'c']);
    // Someone already online coming online again (another instance's window) changes nothing.
    const before = useConversationsStore.getState().online;
    store.applyPresenceChange(['b'], ['x']);
    expect(useConversationsStore.getState().online).toBe(before);
    // A later whole set replaces the changes.
    store.setPresence(['d']);
    expect([...useConversationsStore.getState().online]).toEqual(['d']);
  });
});

describe('R-RT-2, R-RT-4: a list load never drops what arrived live while it was in flight', () => {
  /** GET /api/conversations answers only when the test says so. */
  function holdListAnswer(): (conversations: unknown[]) => void {
    let answer: (conversations: unknown[]) => void = () => undefined;
    fetchMock.mockImplementationOnce(
      () =>
        new Promise<Response>((resolve) => (answer = (list) => resolve(json(200, { conversations: list })))),
    );
    return (list) => answer(list);
  }

  it('keeps a conversation created live after the list was read', async () => {
    const old = conversation({ id: 'old' });
    const answer = holdListAnswer();
    const loading = useConversationsStore.getState().loadConversations();
    useConversationsStore.getState().upsertConversation(conversation({ id: 'new', type: 'direct' }));
    answer([old]);
    await loading;
    expect(
      useConversationsStore
        .getState()
        .conversations.map((c) => c.id)
        .sort(),
    ).toEqual(['new', 'old']);
  });

  it('does not bring back a conversation removed live after the list was read', async () => {
    useConversationsStore.setState({ conversations: [conversation({ id: 'gone' })] });
    const answer = holdListAnswer();
    const loading = useConversationsStore.getState().loadConversations();
    useConversationsStore.getState().removeConversation('gone');
    answer([conversation({ id: 'gone' }), conversation({ id: 'kept' })]);
    await loading;
    expect(useConversationsStore.getState().conversations.map((c) => c.id)).toEqual(['kept']);
  });

  it('applies only the latest of two loads, whichever answers last', async () => {
    const first = holdListAnswer();
    const second = holdListAnswer();
    const a = useConversationsStore.getState().loadConversations();
    const b = useConversationsStore.getState().loadConversations();
    second([conversation({ id: 'newer' })]);
    await b;
    first([conversation({ id: 'older' })]);
    await a;
    expect(useConversationsStore.getState().conversations.map((c) => c.id)).toEqual(['newer']);
    expect(useConversationsStore.getState().loading).toBe(false);
  });
});
