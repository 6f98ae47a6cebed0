import type { FlaggedPage, Message } from '@stoop/shared';
import { requireAdmin } from '../access/index.ts';
import type { Context } from '../context.ts';
import type { UserRow } from '../db/schema/index.ts';
import { conversationById } from '../conversations/service.ts';
import { dismissFlags, flaggedMessages, setMessageHidden } from '../messages/moderation.ts';
import { findUsers } from '../users/service.ts';
import { presentFlaggedItem } from './present.ts';

/**
 * GET /api/admin/flagged (R-ADMIN-7): messages with flags no admin has settled yet, newest flag
 * first, each with its context, author, flaggers and where it was posted. Direct messages are
 * included: admins moderate what residents flag (docs/decisions/0013-admins-moderate-flagged-direct-messages.md).
 */
export async function flaggedQueue(
  ctx: Context,
  admin: UserRow,
  query: { page: number; limit: number },
): Promise<FlaggedPage> {
  requireAdmin(admin);
  const { items, total } = await flaggedMessages(ctx.db, query.limit, (query.page - 1) * query.limit);
  const conversationIds = [...new Set(items.map((item) => item.conversationId))];
  const userIds = items.flatMap((item) => [
    item.message.userId,
    ...item.flags.map((flag) => flag.userId),
    ...item.before.map((m) => m.userId),
    ...item.after.map((m) => m.userId),
  ]);
  const [conversations, users] = await Promise.all([
    Promise.all(conversationIds.map((id) => conversationById(ctx.db, id))),
    findUsers(ctx.db, userIds),
  ]);
  const conversationOf = new Map(conversations.flatMap((row) => (row ? [[row.id, row] as const] : [])));
  const userOf = new Map(users.map((row) => [row.id, row]));
  const data = items.flatMap((item) => {
    const conversation = conversationOf.get(item.conversationId);
    return conversation ? [presentFlaggedItem(item, conversation, userOf)] : [];
  });
  return { data, total, page: query.page };
}

export function dismiss(ctx: Context, admin: UserRow, id: string): Promise<Message> {
  requireAdmin(admin);
  return dismissFlags(ctx, admin, id);
}

export function hide(ctx: Context, admin: UserRow, id: string, hidden: boolean): Promise<Message> {
  requireAdmin(admin);
  return setMessageHidden(ctx, admin, id, hidden);
}
