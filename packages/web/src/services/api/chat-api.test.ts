import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeServer, json } from '../../test/fake-server.ts';
import { setCsrfToken } from '../http/client.ts';
import { chatApi } from './chat-api.ts';
import { logger } from '../logger/logger.ts';

const conversationId = '01900000-0000-7000-8000-000000000001';
const sent = { message: { id: 'm-1', content: 'hello' } };

beforeEach(() => {
  setCsrfToken('tok');
  vi.spyOn(logger, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('chat api: send (R-API-16, docs/decisions/0010-json-text-sends.md)', () => {
  it('sends a message without a file as JSON with its clientMessageId and parent', async () => {
    const server = installFakeServer({
      [`POST /api/conversations/${conversationId}/messages`]: () => json(201, sent),
    });
    await chatApi.sendMessage(conversationId, {
      content: 'hello',
      clientMessageId: 'c-1',
      parentMessageId: 'p-1',
    });
    expect(server.calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(server.calls[0]?.body).toEqual({
      content: 'hello',
      clientMessageId: 'c-1',
      parentMessageId: 'p-1',
    });
  });

  it('leaves the parent out of a top-level message', async () => {
    const server = installFakeServer({
      [`POST /api/conversations/${conversationId}/messages`]: () => json(201, sent),
    });
    await chatApi.sendMessage(conversationId, { content: 'hello', clientMessageId: 'c-2' });
    expect(server.calls[0]?.body).toEqual({ content: 'hello', clientMessageId: 'c-2' });
  });
});
