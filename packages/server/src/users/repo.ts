import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { LockReason, Role, UserMetadata, UserStatus } from '@stoop/shared';
import type { DbOrTx } from '../db/client.ts';
import { users, type NewUserRow, type UserRow } from '../db/schema/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids from the outside may be anything; PostgreSQL would reject a non-UUID with an error. */
export const isUuid = (value: string) => UUID.test(value);

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

export async function insertUser(db: DbOrTx, values: NewUserRow): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ ...values, email: values.email.toLowerCase() })
    .returning();
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

export type UserPatch = Partial<{
  email: string;
  username: string;
  description: string;
  avatar: string | null;
  metadata: UserMetadata;
  role: Role;
  isLocked: boolean;
  lockReason: LockReason | null;
  passwordHash: string;
}>;

export async function updateUser(db: DbOrTx, id: string, patch: UserPatch): Promise<UserRow | undefined> {
  const values = patch.email === undefined ? patch : { ...patch, email: patch.email.toLowerCase() };
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function listUsers(
  db: DbOrTx,
  filter: { status?: UserStatus; role?: Role; q?: string; limit: number; offset?: number },
): Promise<UserRow[]> {
  const conditions: SQL[] = [];
  if (filter.status === 'unlocked') conditions.push(eq(users.isLocked, false));
  if (filter.status === 'pending_approval' || filter.status === 'admin_lock') {
    conditions.push(eq(users.isLocked, true));
    if (filter.status === 'pending_approval') {
      // A lock without a stored reason counts as pending approval (R-USER-2).
      conditions.push(sql`coalesce(${users.lockReason}, 'pending_approval') = 'pending_approval'`);
    } else {
      conditions.push(eq(users.lockReason, 'admin_lock'));
    }
  }
  if (filter.role) conditions.push(eq(users.role, filter.role));
  if (filter.q) conditions.push(ilike(users.username, likePattern(filter.q)));
  return db
    .select()
    .from(users)
    .where(and(...conditions))
    .orderBy(asc(sql`lower(${users.username})`), asc(users.id))
    .limit(filter.limit)
    .offset(filter.offset ?? 0);
}

export async function countAdmins(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ n: sql<number | string>`count(*)` })
    .from(users)
    .where(eq(users.role, 'admin'));
  return Number(row?.n ?? 0); // pg returns count(*) as a string, PGlite as a number
}

/** Ids of the users of a username, ignoring case (two residents may share a name). */
export async function findUsersByUsername(db: DbOrTx, username: string): Promise<string[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
    .limit(50);
  return rows.map((r) => r.id);
}
