import { validate as isUuid } from 'uuid';
import {
  FEED_FIRST_FETCH_POSTS,
  FEED_ITEMS_PER_FETCH,
  type CreateIntegrationBody,
  type Integration,
  type IntegrationResponse,
  type UpdateIntegrationBody,
  type WebhookBody,
} from '@stoop/shared';
import { readableConversationIds, requireConversationAccess } from '../access/index.ts';
import { recordAudit } from '../audit/service.ts';
import { randomToken, safeEqual, sha256 } from '../auth/crypto.ts';
import type { Context } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import type { IntegrationRow, UserRow } from '../db/schema/index.ts';
import { Conflict, DomainError, Forbidden, Invalid, NotFound } from '../errors.ts';
import { createSourcedEvent } from '../events/service.ts';
import { sendMessage } from '../messages/service.ts';
import { inTransaction, type PendingDomainEvents } from '../transaction.ts';
import { findUser } from '../users/service.ts';
import { refuseImpersonation } from './display-name.ts';
import { checkWebhookSignature, type WebhookSignature } from './signature.ts';
import { BlockedAddressError, blockedAddresses, refuseLiteralHost } from './address-guard.ts';
import { fetchFeed, FeedFetchError } from './fetch-feed.ts';
import { itemMessage, looksLikeFeed, parseFeed, type FeedEvent, type FeedItem } from './parse-feed.ts';
import { presentIntegration } from './present.ts';
import * as repo from './repo.ts';

/** What the integration services need: the chat services' context and the feed settings. */

const INTEGRATION_NOT_FOUND = 'Integration not found';
const WEBHOOK_NOT_FOUND = 'Webhook not found';

/** The path of a webhook; its secret is the only credential (R-INTEG-3). */
const webhookPath = (id: string, secret: string) => `/api/hooks/${id}/${secret}`;

/** GET /api/integrations: every source of the channels the viewer can read. */
export async function listIntegrations(ctx: Context, viewer: UserRow): Promise<Integration[]> {
  const [views, readable] = await Promise.all([
    repo.listIntegrations(ctx.db),
    readableConversationIds(ctx.db, viewer),
  ]);
  const visible = new Set(readable);
  return views.filter((v) => visible.has(v.conversationId)).map((v) => presentIntegration(v, viewer));
}

/** A channel the admin may post in; a direct conversation is never fed. */
async function requireChannel(ctx: Context, admin: UserRow, conversationId: string): Promise<void> {
  const { conversation } = await requireConversationAccess(ctx.db, admin, conversationId, 'write');
  if (conversation.type !== 'channel')
    throw new Invalid('conversationId must be a channel', 'conversationId');
}

/** R-INTEG-7: an address that is a private IP literal is refused at once, not only when fetched. */
function checkAddress(ctx: Context, url: string): void {
  try {
    refuseLiteralHost(new URL(url), blockedAddresses(ctx.config.FEED_ALLOW_PRIVATE_ADDRESSES));
  } catch (error) {
    if (error instanceof BlockedAddressError) throw new Invalid(`url: ${error.message}`, 'url');
    throw error;
  }
}

/**
 * R-INTEG-8: after commit, the source as it is now goes live (admins the admin view, its channel's
 * readers the public one). A source gone meanwhile sends nothing.
 */
/**
 * Announces the integration as `db` sees it: inside a transaction through its pending events (sent
 * once it commits), after a committed single statement straight on the bus.
 */
async function announce(
  db: DbOrTx,
  events: Pick<PendingDomainEvents, 'publish'>,
  id: string,
  movedFrom: string | null = null,
): Promise<void> {
  const view = await repo.findIntegrationView(db, id);
  if (!view) return;
  events.publish('integration:changed', {
    admin: presentIntegration(view, { role: 'admin' }),
    resident: presentIntegration(view, { role: 'resident' }),
    movedFrom,
  });
}

async function answer(
  ctx: Context,
  viewer: UserRow,
  id: string,
  webhookUrl: string | null,
): Promise<IntegrationResponse> {
  const view = await repo.findIntegrationView(ctx.db, id);
  if (!view) throw new NotFound(INTEGRATION_NOT_FOUND);
  return { integration: presentIntegration(view, viewer), webhookUrl };
}

/** POST /api/integrations (R-INTEG-3): a webhook's address is answered once. */
export async function createIntegration(
  ctx: Context,
  admin: UserRow,
  body: CreateIntegrationBody,
  origin: string,
): Promise<IntegrationResponse> {
  await requireChannel(ctx, admin, body.conversationId);
  if (body.url) checkAddress(ctx, body.url);
  if (body.type === 'webhook') await refuseImpersonation(ctx.db, body.name, 'name');
  const secret = body.type === 'webhook' ? randomToken() : null;
  const row = await inTransaction(ctx, async (tx, events) => {
    const inserted = await repo.insertIntegration(tx, {
      type: body.type,
      name: body.name,
      conversationId: body.conversationId,
      ownerId: admin.id,
      url: body.url ?? null,
      secretHash: secret ? sha256(secret) : null,
    });
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'integration.create',
      targetUserId: null,
      details: { integrationId: inserted.id, type: inserted.type, name: inserted.name },
    });
    await announce(tx, events, inserted.id);
    return inserted;
  });
  return answer(ctx, admin, row.id, secret ? `${origin}${webhookPath(row.id, secret)}` : null);
}

async function requireIntegration(ctx: Context, id: string): Promise<IntegrationRow> {
  const row = await repo.findIntegration(ctx.db, id);
  if (!row) throw new NotFound(INTEGRATION_NOT_FOUND);
  return row;
}

/** PATCH /api/integrations/{id}. A new address is fetched afresh, without old validators. */
export async function updateIntegration(
  ctx: Context,
  admin: UserRow,
  id: string,
  patch: UpdateIntegrationBody,
): Promise<IntegrationResponse> {
  const current = await requireIntegration(ctx, id);
  if (patch.conversationId !== undefined) await requireChannel(ctx, admin, patch.conversationId);
  if (patch.url !== undefined) {
    if (current.type === 'webhook') throw new Invalid('url is not used by a webhook', 'url');
    checkAddress(ctx, patch.url);
  }
  if (patch.name !== undefined && current.type === 'webhook')
    await refuseImpersonation(ctx.db, patch.name, 'name');
  const changes: repo.IntegrationPatch = {};
  if (patch.name !== undefined) changes.name = patch.name;
  if (patch.conversationId !== undefined) changes.conversationId = patch.conversationId;
  if (patch.paused !== undefined) changes.paused = patch.paused;
  if (patch.url !== undefined && patch.url !== current.url) {
    Object.assign(changes, { url: patch.url, etag: null, lastModified: null, lastError: null });
  }
  // Resuming or re-pointing a feed fetches it at the next poll rather than an interval later.
  if (changes.paused === false || changes.url !== undefined) changes.nextPollAt = new Date();
  await inTransaction(ctx, async (tx, events) => {
    const row = await repo.updateIntegration(tx, id, changes);
    if (!row) throw new NotFound(INTEGRATION_NOT_FOUND);
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'integration.update',
      targetUserId: null,
      details: { integrationId: id, fields: Object.keys(changes) },
    });
    await announce(tx, events, id, current.conversationId);
  });
  return answer(ctx, admin, id, null);
}

/** POST /api/integrations/{id}/rotate-secret (R-INTEG-3): the old address stops working at once. */
export async function rotateSecret(
  ctx: Context,
  admin: UserRow,
  id: string,
  origin: string,
): Promise<IntegrationResponse> {
  const current = await requireIntegration(ctx, id);
  if (current.type !== 'webhook') throw new Invalid('Only a webhook has a secret');
  const secret = randomToken();
  await inTransaction(ctx, async (tx) => {
    await repo.updateIntegration(tx, id, { secretHash: sha256(secret) });
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'integration.rotate-secret',
      targetUserId: null,
      details: { integrationId: id },
    });
  });
  return answer(ctx, admin, id, `${origin}${webhookPath(id, secret)}`);
}

/** DELETE /api/integrations/{id}: what it posted stays in the channel. */
export async function deleteIntegration(ctx: Context, admin: UserRow, id: string): Promise<void> {
  await inTransaction(ctx, async (tx, events) => {
    const row = await repo.deleteIntegration(tx, id);
    if (!row) throw new NotFound(INTEGRATION_NOT_FOUND);
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'integration.delete',
      targetUserId: null,
      details: { integrationId: id, type: row.type, name: row.name },
    });
    events.publish('integration:deleted', { integrationId: id, conversationId: row.conversationId });
  });
}

/**
 * Posts as the integration through the one send path (change feed, sockets,
 * notifications and search as for any message), as its owner and shown under the source's name.
 */
async function postAs(
  ctx: Context,
  integration: IntegrationRow,
  content: string,
  extra: { clientMessageId?: string; username?: string | undefined; iconUrl?: string | undefined },
) {
  return asOwner(ctx, integration, (owner) =>
    sendMessage(
      ctx,
      owner,
      integration.conversationId,
      {
        content,
        clientMessageId: extra.clientMessageId,
        bot: {
          integrationId: integration.id,
          source: integration.name,
          name: extra.username ?? integration.name,
          iconUrl: extra.iconUrl ?? null,
        },
      },
      undefined,
    ),
  );
}

/**
 * Posts as the integration's owner. The owner may have been locked or lost the channel since it was
 * connected: the channel is then not found for them, which for the source means it cannot post
 * until an admin fixes it.
 */
async function asOwner<T>(
  ctx: Context,
  integration: IntegrationRow,
  post: (owner: UserRow) => Promise<T>,
): Promise<T> {
  const owner = await findUser(ctx.db, integration.ownerId);
  if (!owner) throw new Conflict('The admin who connected this integration is gone');
  try {
    return await post(owner);
  } catch (error) {
    if (error instanceof NotFound)
      throw new Conflict('The admin who connected this integration can no longer post in its channel');
    throw error;
  }
}

/**
 * An iCal item with a UID becomes an event in the source's channel (once per UID), its
 * card posted as the source, like postAs.
 */
async function postEvent(
  ctx: Context,
  integration: IntegrationRow,
  event: FeedEvent,
  clientMessageId: string,
): Promise<void> {
  await asOwner(ctx, integration, (owner) =>
    createSourcedEvent(
      ctx,
      owner,
      {
        integrationId: integration.id,
        conversationId: integration.conversationId,
        bot: {
          integrationId: integration.id,
          source: integration.name,
          name: integration.name,
          iconUrl: null,
        },
        clientMessageId,
      },
      event,
    ),
  );
}

/** POST /api/hooks/{id}/{secret} (R-INTEG-3): a wrong id or secret is the same 404. */
export async function receiveWebhook(
  ctx: Context,
  id: string,
  secret: string,
  body: WebhookBody,
  signed: WebhookSignature,
): Promise<{ ok: true; messageId: string }> {
  const row = isUuid(id) ? await repo.findIntegration(ctx.db, id) : undefined;
  if (!row || row.type !== 'webhook' || !row.secretHash || !safeEqual(row.secretHash, sha256(secret)))
    throw new NotFound(WEBHOOK_NOT_FOUND);
  checkWebhookSignature(secret, signed);
  if (row.paused) throw new Forbidden('This webhook is paused');
  if (body.username !== undefined) await refuseImpersonation(ctx.db, body.username, 'username');
  try {
    const { message } = await postAs(ctx, row, body.text, {
      username: body.username,
      iconUrl: body.icon_url,
    });
    await repo.recordPoll(ctx.db, row.id, { lastActivityAt: new Date(), lastError: null });
    await announce(ctx.db, ctx.bus, row.id);
    return { ok: true, messageId: message.id };
  } catch (error) {
    if (error instanceof DomainError) await repo.recordPoll(ctx.db, row.id, { lastError: error.message });
    throw error;
  }
}

/** Feed item keys are hashed: guids can be long URLs, and the key is also part of a client id. */
const itemKey = (item: FeedItem) => sha256(item.key).slice(0, 32);

/**
 * One fetch of a feed. Only new items are posted, each once: the items table remembers
 * what was seen, and each post's client id makes a repeat after a crash a no-op. A first fetch
 * posts only the newest FEED_FIRST_FETCH_POSTS items, so connecting a long feed does not flood
 * the channel. Failures are kept as the integration's last error.
 */
export async function pollFeed(ctx: Context, row: IntegrationRow): Promise<void> {
  const now = new Date();
  if (!row.url || row.type === 'webhook') return;
  const kind = row.type;
  try {
    const result = await fetchFeed(row.url, {
      blocks: blockedAddresses(ctx.config.FEED_ALLOW_PRIVATE_ADDRESSES),
      etag: row.etag,
      lastModified: row.lastModified,
    });
    if (result.status === 'not-modified') {
      await repo.recordPoll(ctx.db, row.id, { lastPolledAt: now, lastError: null });
      return;
    }
    if (!looksLikeFeed(kind, result.body))
      throw new FeedFetchError(
        kind === 'ical'
          ? 'The address did not answer with an iCal calendar'
          : 'The address did not answer with an RSS or Atom feed',
      );
    const items = parseFeed(kind, result.body);
    const keys = items.map(itemKey);
    const seen = await repo.seenItemKeys(ctx.db, row.id, keys);
    const firstFetch = seen.size === 0 && !(await repo.hasItems(ctx.db, row.id));
    const fresh = items.filter((_item, i) => !seen.has(keys[i] ?? ''));
    const toPost = firstFetch ? fresh.slice(-FEED_FIRST_FETCH_POSTS) : fresh.slice(0, FEED_ITEMS_PER_FETCH);
    for (const item of toPost) {
      const clientMessageId = `feed:${row.id}:${itemKey(item)}`;
      if (item.event) await postEvent(ctx, row, item.event, clientMessageId);
      else await postAs(ctx, row, itemMessage(item), { clientMessageId });
      await repo.rememberItems(ctx.db, row.id, [itemKey(item)]);
    }
    // A first fetch remembers the older items it did not post; a later one leaves the overflow for the next.
    if (firstFetch) await repo.rememberItems(ctx.db, row.id, fresh.map(itemKey));
    await repo.recordPoll(ctx.db, row.id, {
      etag: result.etag,
      lastModified: result.lastModified,
      lastPolledAt: now,
      lastError: null,
      ...(toPost.length > 0 ? { lastActivityAt: new Date() } : {}),
      // More new items than one fetch posts: the rest go at the next tick, not an interval later.
      ...(fresh.length > toPost.length && !firstFetch
        ? { nextPollAt: new Date(), etag: null, lastModified: null }
        : {}),
    });
    if (toPost.length > 0) await announce(ctx.db, ctx.bus, row.id);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await repo.recordPoll(ctx.db, row.id, { lastPolledAt: now, lastError: message });
    if (!(
      error instanceof FeedFetchError ||
      error instanceof BlockedAddressError ||
      error instanceof DomainError
    ))
      throw error;
  }
}
