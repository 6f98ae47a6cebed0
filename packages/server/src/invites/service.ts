/**
 * R-MOVEIN-8 … R-MOVEIN-11: lobby invitations. An admin makes a link with a code, an expiry, a
 * number of uses and whether who joins through it is approved at once; the sign-up page shows the
 * building's name for it; every creation, revocation and join is audited.
 */
import { randomInt } from 'node:crypto';
import { TEXTS, type Invite, type InviteLookup } from '@stoop/shared';
import { recordAudit } from '../audit/service.ts';
import { publicUrl } from '../config.ts';
import type { Context } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import { isUniqueViolation } from '../db/errors.ts';
import type { InviteRow, UserRow } from '../db/schema/index.ts';
import { Invalid, NotFound } from '../errors.ts';
import { inTransaction } from '../transaction.ts';
import { presentPublic } from '../users/present.ts';
import { findUsers } from '../users/service.ts';
import * as repo from './repo.ts';

/** Letters and digits a poster reader cannot mistake for one another (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 8;
/** Shown until an admin names the building. */
const DEFAULT_BUILDING_NAME = 'Our building';
const DAY_MS = 24 * 60 * 60 * 1000;

const newCode = () =>
  Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');

const inviteUrl = (ctx: Pick<Context, 'config'>, code: string) =>
  `${publicUrl(ctx.config)}/signup?invite=${encodeURIComponent(code)}`;

async function buildingName(db: DbOrTx): Promise<string> {
  return (await repo.readBuildingName(db)) ?? DEFAULT_BUILDING_NAME;
}

async function present(ctx: Pick<Context, 'db' | 'config'>, rows: InviteRow[]): Promise<Invite[]> {
  const joins = await repo.joinsOf(
    ctx.db,
    rows.map((row) => row.id),
  );
  const creators = new Map(
    (await findUsers(ctx.db, [...new Set(rows.flatMap((r) => (r.createdBy ? [r.createdBy] : [])))])).map(
      (user) => [user.id, user],
    ),
  );
  return rows.map((row) => {
    const creator = row.createdBy ? creators.get(row.createdBy) : undefined;
    return {
      id: row.id,
      url: inviteUrl(ctx, row.code),
      code: row.code,
      label: row.label,
      expiresAt: row.expiresAt.toISOString(),
      maxUses: row.maxUses,
      uses: row.uses,
      approveAtOnce: row.approveAtOnce,
      revokedAt: row.revokedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      createdBy: creator ? presentPublic(creator) : null,
      joined: joins
        .filter((join) => join.inviteId === row.id)
        .map((join) => ({ ...presentPublic(join.user), joinedAt: join.joinedAt.toISOString() })),
    };
  });
}

async function presentOne(ctx: Pick<Context, 'db' | 'config'>, row: InviteRow): Promise<Invite> {
  const [invite] = await present(ctx, [row]);
  if (!invite) throw new Error('an invitation presented to nothing');
  return invite;
}

type CreateInvite = { expiresInDays: number; maxUses: number; approveAtOnce: boolean; label: string };

/** POST /api/admin/invites: a fresh code (drawn again in the rare case it is taken). */
export async function createInvite(ctx: Context, admin: UserRow, input: CreateInvite): Promise<Invite> {
  for (let attempt = 0; ; attempt++) {
    try {
      const row = await inTransaction(ctx, async (tx) => {
        const created = await repo.insertInvite(tx, {
          code: newCode(),
          label: input.label,
          createdBy: admin.id,
          expiresAt: new Date(Date.now() + input.expiresInDays * DAY_MS),
          maxUses: input.maxUses,
          approveAtOnce: input.approveAtOnce,
        });
        await recordAudit(tx, {
          actorId: admin.id,
          action: 'create_invite',
          targetUserId: null,
          details: {
            inviteId: created.id,
            expiresAt: created.expiresAt.toISOString(),
            maxUses: created.maxUses,
            approveAtOnce: created.approveAtOnce,
          },
        });
        return created;
      });
      return await presentOne(ctx, row);
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= 5) throw error;
    }
  }
}

export async function listInvites(ctx: Context): Promise<{ data: Invite[]; buildingName: string }> {
  return {
    data: await present(ctx, await repo.listInvites(ctx.db, 200)),
    buildingName: await buildingName(ctx.db),
  };
}

/** DELETE /api/admin/invites/{id}: the code stops working at once; revoking twice changes nothing. */
export async function revokeInvite(ctx: Context, admin: UserRow, id: string): Promise<Invite> {
  const row = await inTransaction(ctx, async (tx) => {
    const before = await repo.findInvite(tx, id);
    if (!before) throw new NotFound('Invitation not found');
    const after = await repo.revokeInvite(tx, id, new Date());
    if (!after) throw new NotFound('Invitation not found');
    if (!before.revokedAt) {
      await recordAudit(tx, {
        actorId: admin.id,
        action: 'revoke_invite',
        targetUserId: null,
        details: { inviteId: id },
      });
    }
    return after;
  });
  return presentOne(ctx, row);
}

/**
 * R-MOVEIN-14: why a code admits nobody, in words for the one holding the link. A revocation is
 * named first (the admin meant it), then an expiry, then the uses.
 */
async function whyUnusable(db: DbOrTx, code: string, now: Date): Promise<string> {
  const row = await repo.findByCode(db, code);
  if (!row) return TEXTS.inviteUnknown;
  if (row.revokedAt) return TEXTS.inviteRevoked;
  if (row.expiresAt <= now) return TEXTS.inviteExpired;
  return TEXTS.inviteUsedUp;
}

/** GET /api/invites/{code}: the building a usable code belongs to; an unusable one is a 404 saying why. */
export async function lookupInvite(ctx: Context, code: string): Promise<InviteLookup> {
  const now = new Date();
  const row = await repo.findUsableByCode(ctx.db, code, now);
  if (!row) throw new NotFound(await whyUnusable(ctx.db, code, now));
  return {
    code: row.code,
    buildingName: await buildingName(ctx.db),
    approveAtOnce: row.approveAtOnce,
    expiresAt: row.expiresAt.toISOString(),
  };
}

/**
 * R-MOVEIN-11: a sign-up through a code takes one of its uses in the sign-up's transaction (two
 * sign-ups cannot both take the last) and answers whether the new account is approved at once.
 */
export async function claimInvite(tx: DbOrTx, code: string): Promise<InviteRow> {
  const now = new Date();
  const row = await repo.claimUse(tx, code, now);
  if (!row) throw new Invalid(await whyUnusable(tx, code, now), 'inviteCode');
  return row;
}

/** Records the join (shown on the invitation) and audits it; an approval at once counts as an approval. */
export async function recordJoin(tx: DbOrTx, invite: InviteRow, user: UserRow): Promise<void> {
  await repo.insertJoin(tx, invite.id, user.id);
  await recordAudit(tx, {
    actorId: invite.createdBy,
    action: invite.approveAtOnce ? 'approve' : 'join_by_invite',
    targetUserId: user.id,
    details: { inviteId: invite.id, byInvite: true },
  });
}

/** PUT /api/admin/building-name (audited). */
export async function setBuildingName(ctx: Context, admin: UserRow, name: string): Promise<{ name: string }> {
  await inTransaction(ctx, async (tx) => {
    await repo.writeBuildingName(tx, name);
    await recordAudit(tx, {
      actorId: admin.id,
      action: 'set_building_name',
      targetUserId: null,
      details: { name },
    });
  });
  return { name };
}
