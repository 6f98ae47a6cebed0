// This test needs a page of its own (packages/web/vitest.shared.ts): it tests what happens the
// first time the modules load.
import { EARLY_READ_MAX_AGE_MS } from '@stoop/shared/constants';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, installFakeServer, json } from '../../test/fake-server.ts';
import { FIRST_PAGE_ELEMENT_ID } from '@stoop/shared/first-view';
import { chatApi } from './chat-api.ts';
import { readFirstPageEarly, takeEarlyFirstPage } from './early-reads.ts';

const page = { messages: [], hasMore: false, hasNewer: false };

afterEach(() => {
  // Drop what a test left unread.
  void takeEarlyFirstPage('')?.catch(() => undefined);
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('R-DELIVERY-10 the first message page read while the app loads', () => {
  it('is the answer of the conversation page’s first read, once; later reads go to the server', async () => {
    const server = installFakeServer({ 'GET /api/conversations/c1/messages': () => json(200, page) });
    readFirstPageEarly('c1');
    expect(server.calls).toHaveLength(1);
    expect(server.calls[0]!.query.get('limit')).toBe('20');
    await expect(chatApi.fetchMessages('c1')).resolves.toMatchObject({ messages: [] });
    expect(server.calls).toHaveLength(1);
    await chatApi.fetchMessages('c1');
    expect(server.calls).toHaveLength(2);
  });

  it('is not used for another conversation, for an older page, or once it is stale', async () => {
    const server = installFakeServer({ 'GET /api/conversations/c1/messages': () => json(200, page) });
    readFirstPageEarly('c1');
    await chatApi.fetchMessages('c1', { beforeDate: '2026-01-01T00:00:00.000Z', beforeId: 'm1' });
    expect(server.calls.map((c) => c.query.has('beforeId'))).toEqual([false, true]);
    readFirstPageEarly('c1');
    expect(takeEarlyFirstPage('c2')).toBeNull();
    // Taking is once, whatever the answer: a second look finds nothing.
    expect(takeEarlyFirstPage('c1')).toBeNull();
    const startedAt = 1_000_000;
    readFirstPageEarly('c1', startedAt);
    expect(takeEarlyFirstPage('c1', startedAt + EARLY_READ_MAX_AGE_MS + 1)).toBeNull();
    readFirstPageEarly('c1', startedAt);
    expect(takeEarlyFirstPage('c1', startedAt + EARLY_READ_MAX_AGE_MS)).not.toBeNull();
  });

  it('passes a refusal on to the page that takes it, and is silent when nobody does', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    installFakeServer({
      'GET /api/conversations/c1/messages': () => apiError(404, 'Conversation not found'),
    });
    readFirstPageEarly('c1');
    await expect(chatApi.fetchMessages('c1')).rejects.toMatchObject({ status: 404 });
    readFirstPageEarly('c1');
    await new Promise((resolve) => setTimeout(resolve, 20));
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('R-DELIVERY-11: takes the page the server put into the HTML for this conversation, once, asking nothing', async () => {
    const server = installFakeServer({ 'GET /api/conversations/c1/messages': () => json(200, page) });
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = FIRST_PAGE_ELEMENT_ID;
    block.dataset.conversationId = 'c1';
    block.textContent = JSON.stringify({ ...page, messages: [{ id: 'm1', content: '\u003c/b>' }] });
    document.body.append(block);
    readFirstPageEarly('c1');
    expect(document.getElementById(FIRST_PAGE_ELEMENT_ID)).toBeNull();
    await expect(chatApi.fetchMessages('c1')).resolves.toMatchObject({
      messages: [{ id: 'm1', content: '</b>' }],
    });
    expect(server.calls).toHaveLength(0);
    // Another conversation's block is dropped and that conversation is asked as before.
    block.dataset.conversationId = 'c2';
    document.body.append(block);
    readFirstPageEarly('c1');
    expect(document.getElementById(FIRST_PAGE_ELEMENT_ID)).toBeNull();
    await chatApi.fetchMessages('c1');
    expect(server.calls).toHaveLength(1);
  });
});
