/**
 * A stand-in for the API in unit tests: routes "METHOD /path" to handlers and records every call,
 * installed as the global fetch.
 */
import { vi } from 'vitest';
import type { Conversation, EventView, User } from '@stoop/shared';

interface RecordedCall {
  method: string;
  path: string;
  /** The query string's parameters. */
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
}

export type Handler = (call: RecordedCall) => Response | Promise<Response>;

export const json = (status: number, body?: unknown): Response =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

export const apiError = (status: number, message: string, code?: string) =>
  json(status, { statusCode: status, error: 'Error', message, ...(code ? { code } : {}) });

export function installFakeServer(handlers: Record<string, Handler> = {}) {
  const calls: RecordedCall[] = [];
  const routes = new Map(Object.entries(handlers));
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const method = init?.method ?? 'GET';
    const rawBody = init?.body;
    const call: RecordedCall = {
      method,
      path: url.pathname,
      query: url.searchParams,
      headers: new Headers(init?.headers),
      body: typeof rawBody === 'string' ? (JSON.parse(rawBody) as unknown) : rawBody,
    };
    calls.push(call);
    const handler = routes.get(`${method} ${url.pathname}`);
    if (!handler) return apiError(404, `No fake route for ${method} ${url.pathname}`);
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    on(route: string, handler: Handler) {
      routes.set(route, handler);
    },
    called: (method: string, path: string) => calls.some((c) => c.method === method && c.path === path),
  };
}

/** A channel named Lobby with nobody in it, changed by `overrides`. */
export function makeConversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: 'c1',
    type: 'channel',
    participants: [],
    name: 'Lobby',
    description: '',
    icon: null,
    createdBy: null,
    createdAt: '2025-03-01T00:00:00.000Z',
    updatedAt: '2025-03-01T00:00:00.000Z',
    lastMessageAt: null,
    metadata: { adminFlaggedBy: [], adminHidden: false },
    unreadCount: 0,
    ...overrides,
  };
}

/**
 * Rooftop movie night in channel c1, tomorrow from 8 to 10 pm (now + 24 h to + 26 h), made by u1
 * who is going, seen by someone who has not answered; changed by `overrides`.
 */
export function makeEvent(overrides: Partial<EventView> = {}): EventView {
  return {
    id: 'e1',
    conversationId: 'c1',
    createdBy: 'u1',
    title: 'Rooftop movie night',
    startsAt: new Date(Date.now() + 24 * 3600_000).toISOString(),
    endsAt: new Date(Date.now() + 26 * 3600_000).toISOString(),
    location: 'Roof terrace',
    description: 'Bring a blanket.',
    integrationId: null,
    createdAt: '2026-11-24T00:00:00.000Z',
    cancelledAt: null,
    counts: { going: 1, maybe: 0, no: 0 },
    goingIds: ['u1'],
    myRsvp: null,
    ...overrides,
  };
}

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    email: 'resident@example.com',
    username: 'Resident',
    description: '',
    avatar: null,
    metadata: {
      interests: [],
      prompts: [],
      pronouns: '',
      lifeSituation: '',
      work: '',
      education: '',
      gender: null,
      lookingFor: '',
      sexuality: null,
      relationshipStatus: null,
      hasKids: null,
      religion: '',
      smoking: null,
      drinking: null,
      newToArea: null,
      starSign: '',
      pets: null,
    },
    role: 'resident',
    isLocked: false,
    reasonForLock: null,
    shareReadReceipts: true,
    createdAt: '2024-01-01T00:00:00.000Z',
    ...overrides,
  };
}
