import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Conversation, Message } from '@stoop/shared';
import { users } from '../db/schema/index.ts';
import { connected, type Recorder } from '../realtime/testing.ts';
import { createCommunity, headersOf, idsOf, type Cast, type Community } from '../test/community.ts';

/** Test-only helpers for chat calls through app.inject (factories in the Outline style). */

export type Headers = Record<string, string>;

/** Encodes a FormData the way a browser would, for app.inject. */
async function multipart(form: FormData): Promise<{ payload: Buffer; headers: Headers }> {
  const request = new Request('http://stoop.test/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    headers: { 'content-type': request.headers.get('content-type') ?? '' },
  };
}

export function formOf(
  fields: Record<string, string>,
  file?: { field?: string; name: string; bytes: Uint8Array; type?: string },
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (file)
    form.set(
      file.field ?? 'file',
      new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  return form;
}

export async function injectForm(
  app: FastifyInstance,
  method: 'POST' | 'PATCH' | 'PUT',
  url: string,
  form: FormData,
  headers: Headers,
): Promise<LightMyRequestResponse> {
  const body = await multipart(form);
  return app.inject({ method, url, payload: body.payload, headers: { ...headers, ...body.headers } });
}

let channelCounter = 0;

export async function makeChannel(
  app: FastifyInstance,
  headers: Headers,
  name?: string,
): Promise<Conversation> {
  channelCounter += 1;
  const res = await app.inject({
    method: 'POST',
    url: '/api/conversations',
    headers,
    payload: { type: 'channel', name: name ?? `channel-${Date.now().toString(36)}-${channelCounter}` },
  });
  if (res.statusCode !== 201) throw new Error(`makeChannel: ${res.statusCode} ${res.body}`);
  return res.json<{ conversation: Conversation }>().conversation;
}

export async function makeDirect(
  app: FastifyInstance,
  headers: Headers,
  otherId: string,
): Promise<Conversation> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/conversations',
    headers,
    payload: { type: 'direct', participantIds: [otherId] },
  });
  if (res.statusCode !== 201 && res.statusCode !== 200)
    throw new Error(`makeDirect: ${res.statusCode} ${res.body}`);
  return res.json<{ conversation: Conversation }>().conversation;
}

export async function sendText(
  app: FastifyInstance,
  headers: Headers,
  conversationId: string,
  content: string,
  extra: Record<string, string> = {},
): Promise<Message> {
  const res = await injectForm(
    app,
    'POST',
    `/api/conversations/${conversationId}/messages`,
    formOf({ content, ...extra }),
    headers,
  );
  if (res.statusCode !== 201) throw new Error(`sendText: ${res.statusCode} ${res.body}`);
  return res.json<{ message: Message }>().message;
}

/** A 1×1 PNG, enough for sharp to make a thumbnail. */
export const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * A listening community for the read-receipt tests: `quiet` has turned receipts off (R-RECEIPT-5);
 * `open` connects a socket as a member and keeps it in `sockets`, which `close` ends with the app.
 */
export async function receiptsCommunity<C extends Cast>(cast: C): Promise<ReceiptsCommunity<C>> {
  const t = await createCommunity(cast, { listen: true });
  const id = idsOf<Extract<keyof C, string>>(t.people);
  const quiet = id['quiet' as Extract<keyof C, string>];
  await t.db.update(users).set({ shareReadReceipts: false }).where(eq(users.id, quiet));
  const sockets: Recorder[] = [];
  return {
    t,
    h: headersOf<Extract<keyof C, string>>(t.people),
    id,
    open: async (headers: Headers) => {
      const recorder = await connected(t.url, headers.cookie ?? '');
      sockets.push(recorder);
      return recorder;
    },
    close: async () => {
      for (const socket of sockets) socket.close();
      await t.close();
    },
  };
}

export type ReceiptsCommunity<C extends Cast> = {
  t: Community<C>;
  h: Record<Extract<keyof C, string>, Headers>;
  id: Record<Extract<keyof C, string>, string>;
  open: (headers: Headers) => Promise<Recorder>;
  close: () => Promise<void>;
};
