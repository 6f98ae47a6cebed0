import type { FastifyInstance } from 'fastify';
import type { Message } from '@stoop/shared';
import type { PeriodicWork } from '../domain.ts';
import { firstLink } from '../messages/first-link.ts';
import { attachLinkPreview } from '../messages/link-preview.ts';
import { linkPreviewCache } from './service.ts';

/** Each app's preview fetches still running, so tests (and closing) can wait for them. */
const inFlight = new WeakMap<FastifyInstance, Set<Promise<void>>>();

/** Resolves once every preview started so far is stored on its message or given up. */
export async function linkPreviewsSettled(app: FastifyInstance): Promise<void> {
  await Promise.all([...(inFlight.get(app) ?? [])]);
}

/**
 * After a message with a link has committed (message:new is published only then), its first
 * link's card is fetched here, never in the send's path, and put on the message; so is the card
 * of a new first link an edit brought (message:edited), with the same guard and cache. People's
 * messages only: a data source's post, a poll's or an event's card gets none.
 */
export function linkPreviewWorker(app: FastifyInstance): { subscribe: () => () => void; work: PeriodicWork } {
  const pending = new Set<Promise<void>>();
  inFlight.set(app, pending);
  const closing = new AbortController();
  const previewOf = linkPreviewCache(app, closing.signal);
  const fetchFor = (message: Message) => {
    if (message.metadata.bot || message.pollId || message.eventId || message.deletedAt) return;
    const url = firstLink(message.content);
    // An edit that kept the first link keeps its card: nothing to fetch.
    if (!url || message.linkPreview?.url === url || closing.signal.aborted) return;
    const done = previewOf(url)
      .then(async (preview) => {
        if (preview && !closing.signal.aborted) await attachLinkPreview(app, message.id, url, preview);
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'a link preview could not be stored'))
      .finally(() => pending.delete(done));
    pending.add(done);
  };
  const subscribe = () => {
    const offNew = app.bus.on('message:new', ({ message }) => fetchFor(message));
    const offEdited = app.bus.on('message:edited', ({ message }) => fetchFor(message));
    return () => {
      offNew();
      offEdited();
    };
  };
  return {
    subscribe,
    work: {
      start: () => undefined,
      // Before the database closes: fetches still running are cut and waited for.
      stop: async () => {
        closing.abort();
        await Promise.all([...pending]);
      },
    },
  };
}
