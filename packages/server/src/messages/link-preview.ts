import type { LinkPreview, Message } from '@stoop/shared';
import type { UserRow } from '../db/schema/index.ts';
import type { Context } from '../context.ts';
import { requireLinkPreviewRemoval, requireMessageAccess } from '../access/index.ts';
import { inTransaction } from '../transaction.ts';
import { presentFor } from './present.ts';
import * as repo from './repo.ts';
import { commitChange, presentOne } from './service.ts';
import { firstLink } from './first-link.ts';

/**
 * Puts a fetched card on a message and tells its conversation (message:updated, which
 * reaches its participants only). Nothing happens when, meanwhile, the message was deleted, its
 * author removed the card, or an edit changed its first link: the card is no longer its own.
 */
export async function attachLinkPreview(
  ctx: Context,
  messageId: string,
  url: string,
  preview: LinkPreview,
): Promise<void> {
  await inTransaction(
    ctx,
    async (tx, events) => {
      const row = await repo.findMessage(tx, messageId);
      if (!row || row.deletedAt || row.linkPreviewRemoved || firstLink(row.content) !== url) return;
      const changed = await repo.changeMessage(tx, messageId, { linkPreview: preview });
      if (changed) events.publish('message:updated', { message: await presentOne(tx, changed) });
    },
    repo.lockChanges,
  );
}

/**
 * DELETE /api/messages/{id}/link-preview: the author takes the card off their message,
 * for good (a fetch still running does not put it back). Removing it again changes nothing. Who may
 * is who may edit it (requireLinkPreviewRemoval), as the web shows the button.
 */
export async function removeLinkPreview(ctx: Context, user: UserRow, id: string): Promise<Message> {
  const { message } = await requireMessageAccess(ctx.db, user, id, 'read');
  requireLinkPreviewRemoval(user, message);
  if (message.linkPreviewRemoved) return presentFor(user, await presentOne(ctx.db, message));
  const changed = await commitChange(ctx, 'message:updated', (tx) =>
    repo.changeMessage(tx, id, { linkPreview: null, linkPreviewRemoved: true }),
  );
  return presentFor(user, changed);
}
