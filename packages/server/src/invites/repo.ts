import { and, asc, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import {
  buildingSettings,
  inviteJoins,
  invites,
  users,
  type InviteRow,
  type UserRow,
} from '../db/schema/index.ts';

export async function insertInvite(
  db: DbOrTx,
  values: Pick<InviteRow, 'code' | 'label' | 'createdBy' | 'expiresAt' | 'maxUses' | 'approveAtOnce'>,
): Promise<InviteRow> {
  const [row] = await db.insert(invites).values(values).returning();
  if (!row) throw new Error('insert into invites returned no row');
  return row;
}

export async function findInvite(db: DbOrTx, id: string): Promise<InviteRow | undefined> {
  const [row] = await db.select().from(invites).where(eq(invites.id, id)).limit(1);
  return row;
}

export async function listInvites(db: DbOrTx, limit: number): Promise<InviteRow[]> {
  return db.select().from(invites).orderBy(desc(invites.createdAt), desc(invites.id)).limit(limit);
}

/** Who joined through these invitations, oldest first. */
export async function joinsOf(
  db: DbOrTx,
  inviteIds: string[],
): Promise<{ inviteId: string; joinedAt: Date; user: UserRow }[]> {
  if (inviteIds.length === 0) return [];
  return db
    .select({ inviteId: inviteJoins.inviteId, joinedAt: inviteJoins.joinedAt, user: users })
    .from(inviteJoins)
    .innerJoin(users, eq(users.id, inviteJoins.userId))
    .where(inArray(inviteJoins.inviteId, inviteIds))
    .orderBy(asc(inviteJoins.joinedAt));
}

const usable = (now: Date) =>
  and(isNull(invites.revokedAt), gt(invites.expiresAt, now), lt(invites.uses, invites.maxUses));

/** The invitation of a code while it still admits someone. */
export async function findUsableByCode(db: DbOrTx, code: string, now: Date): Promise<InviteRow | undefined> {
  const [row] = await db
    .select()
    .from(invites)
    .where(and(eq(invites.code, code), usable(now)))
    .limit(1);
  return row;
}

/** The invitation of a code in any state, to say why it cannot be used. */
export async function findByCode(db: DbOrTx, code: string): Promise<InviteRow | undefined> {
  const [row] = await db.select().from(invites).where(eq(invites.code, code)).limit(1);
  return row;
}

/** Takes one use of a code in one statement, so two sign-ups cannot both take its last use. */
export async function claimUse(db: DbOrTx, code: string, now: Date): Promise<InviteRow | undefined> {
  const [row] = await db
    .update(invites)
    .set({ uses: sql`${invites.uses} + 1` })
    .where(and(eq(invites.code, code), usable(now)))
    .returning();
  return row;
}

export async function insertJoin(db: DbOrTx, inviteId: string, userId: string): Promise<void> {
  await db.insert(inviteJoins).values({ inviteId, userId });
}

export async function revokeInvite(db: DbOrTx, id: string, now: Date): Promise<InviteRow | undefined> {
  const [row] = await db
    .update(invites)
    .set({ revokedAt: sql`coalesce(${invites.revokedAt}, ${now})` })
    .where(eq(invites.id, id))
    .returning();
  return row;
}

export async function readBuildingName(db: DbOrTx): Promise<string | undefined> {
  const [row] = await db.select({ name: buildingSettings.name }).from(buildingSettings).limit(1);
  return row?.name;
}

export async function writeBuildingName(db: DbOrTx, name: string): Promise<void> {
  await db
    .insert(buildingSettings)
    .values({ id: 1, name })
    .onConflictDoUpdate({ target: buildingSettings.id, set: { name, updatedAt: new Date() } });
}
