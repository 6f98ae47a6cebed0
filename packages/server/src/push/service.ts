import {
  webPushSubscriptionSchema,
  type PushDevicesResponse,
  type PushPlatform,
  type RegisterPushTokenQuery,
  type UnregisterPushTokenQuery,
} from '@stoop/shared';
import type { PushPayload, UserRow } from '../db/schema/index.ts';
import { kindOf } from '../notification-settings/service.ts';
import { Invalid } from '../errors.ts';
import type { PushContext } from './http/context.ts';
import { inTransaction } from '../transaction.ts';
import * as repo from './repo.ts';

/**
 * A web token is the browser's PushSubscription as JSON; it is stored in one canonical form
 * (endpoint and keys only, fixed order) so the same subscription is one row however it was encoded.
 * Native tokens are stored as given.
 */
function canonicalToken(platform: PushPlatform, raw: string): string {
  if (platform !== 'web') return raw;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new Invalid('token must be a Web Push subscription (JSON with endpoint and keys)', 'token');
  }
  const parsed = webPushSubscriptionSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `.${issue.path.join('.')}` : '';
    throw new Invalid(`token${where} ${issue?.message ?? 'is not a Web Push subscription'}`, 'token');
  }
  const { endpoint, keys } = parsed.data;
  return JSON.stringify({ endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } });
}

/** Registers the device's token for the user and this session; `created` is false for a repeat. */
export async function registerToken(
  ctx: Pick<PushContext, 'db'>,
  user: UserRow,
  sessionId: string | null,
  query: RegisterPushTokenQuery,
): Promise<{ created: boolean; platform: PushPlatform }> {
  const token = canonicalToken(query.platform, query.token);
  return inTransaction(ctx, async (tx) => {
    const existing = await repo.findTokenByValue(tx, token);
    await repo.upsertToken(tx, { userId: user.id, platform: query.platform, token, sessionId });
    return { created: existing?.userId !== user.id, platform: query.platform };
  });
}

/** Removes one of the user's tokens, or all of them; never another user's. */
export async function unregisterTokens(
  ctx: Pick<PushContext, 'db'>,
  user: UserRow,
  query: UnregisterPushTokenQuery,
  sessionId: string | null,
): Promise<{ removed: number }> {
  if (query.all) return { removed: await repo.deleteAllUserTokens(ctx.db, user.id) };
  // A platform without a token means this device: the tokens of that platform this
  // session registered, never the resident's other devices.
  if (!query.token && query.platform && sessionId)
    return { removed: await repo.deleteSessionTokens(ctx.db, user.id, sessionId, query.platform) };
  if (!query.token) throw new Invalid('token is required (or platform, or all=true)', 'token');
  const platform = query.platform ?? (query.token.trimStart().startsWith('{') ? 'web' : 'android');
  return { removed: await repo.deleteUserToken(ctx.db, user.id, canonicalToken(platform, query.token)) };
}

/** R-PUSH-9: the caller's devices, oldest first; `thisDevice` marks the calling session's. */
export async function listDevices(
  ctx: Pick<PushContext, 'db'>,
  user: UserRow,
  sessionId: string | null,
): Promise<PushDevicesResponse> {
  const rows = await repo.tokensOfUser(ctx.db, user.id);
  return {
    devices: rows.map((row) => ({
      id: row.id,
      platform: row.platform,
      createdAt: row.createdAt.toISOString(),
      lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
      thisDevice: sessionId !== null && row.sessionId === sessionId,
    })),
  };
}

/** R-PUSH-9: removes one of the caller's devices by id; someone else's id removes nothing (0). */
export async function removeDevice(
  ctx: Pick<PushContext, 'db'>,
  user: UserRow,
  id: string,
): Promise<{ removed: number }> {
  return { removed: await repo.deleteUserTokenById(ctx.db, user.id, id) };
}

/**
 * Queues a push for every device of the user: one insert (or a merge into a waiting push of the same
 * tag), then the dispatcher is woken. Sending happens off the request path.
 */
export async function enqueuePush(ctx: PushContext, userId: string, payload: PushPayload): Promise<void> {
  // A tagged push waits out the collapse window so a burst goes out as one.
  const delayMs = payload.tag ? ctx.collapseMs : 0;
  await repo.insertOrCollapseJob(ctx.db, { userId, payload, nextAttemptAt: new Date(Date.now() + delayMs) });
  ctx.dispatcher?.wake();
}

type NotificationType =
  'mention' | 'reply' | 'like' | 'direct' | 'announcement' | 'approved' | 'request' | 'event';

export type NotificationPush = {
  userId: string;
  type: NotificationType;
  title: string;
  body: string;
  link: string;
  conversationId?: string;
  /** Goes through a mute (an announcement, an approval). */
  urgent?: boolean;
  /** The conversation's display name ("#general"), for a collapsed burst's text. */
  conversationName?: string;
  /** An announcement's push, recorded on its receipts once a device takes it. */
  announcementId?: string;
};

export type PushDecision = 'queued' | 'muted' | 'watching';

/**
 * The entry point for stored notifications: skips a conversation the user muted (unless urgent) and
 * a user who has it open on a socket right now (they see it live), else queues the push, tagged per
 * conversation so bursts collapse.
 */
export async function pushForNotification(ctx: PushContext, input: NotificationPush): Promise<PushDecision> {
  const { userId, conversationId } = input;
  if (conversationId && !input.urgent && (await ctx.mutes.isMuted(userId, conversationId))) return 'muted';
  // The resident's channel for this kind, and their quiet hours.
  const kind = kindOf(input.type, input.urgent ?? false);
  if (kind && !(await ctx.allowsPush(userId, kind))) return 'muted';
  if (await ctx.presence.isWatching(userId, conversationId)) return 'watching';
  await enqueuePush(ctx, userId, {
    title: input.title,
    body: input.body,
    link: input.link,
    ...(conversationId ? { conversationId, tag: `conversation:${conversationId}` } : {}),
    ...(input.conversationName ? { group: input.conversationName } : {}),
    ...(input.urgent ? { urgent: true } : {}),
    ...(input.announcementId ? { announcementId: input.announcementId } : {}),
  });
  return 'queued';
}
