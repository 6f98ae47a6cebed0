import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { EnumeratedProfileField, LockReason, Role, UserMetadata, UserStatus } from '@stoop/shared';
import type { DbOrTx } from '../db/client.ts';
import { users, type NewUserRow, type UserRow } from '../db/schema/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Ids from the outside may be anything; PostgreSQL would reject a non-UUID with an error. */
const isUuid = (value: string) => UUID.test(value);

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  if (!isUuid(id)) return undefined;
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The rows of these users, in no particular order; unknown ids are left out. */
export async function findUsersByIds(db: DbOrTx, ids: string[]): Promise<UserRow[]> {
  const valid = [...new Set(ids)].filter(isUuid);
  if (valid.length === 0) return [];
  return db.select().from(users).where(inArray(users.id, valid));
}

export async function findUserByEmail(db: DbOrTx, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

/** The users with these emails (any case), in no particular order; one query for many lookups. */
export async function findUsersByEmails(db: DbOrTx, emails: readonly string[]): Promise<UserRow[]> {
  if (emails.length === 0) return [];
  return db
    .select()
    .from(users)
    .where(
      inArray(
        users.email,
        emails.map((email) => email.toLowerCase()),
      ),
    );
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
  shareReadReceipts: boolean;
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

/** R-PROFILE-3: the directory's metadata filters (values already validated against the options). */
export interface MetadataFilter {
  interests?: string[];
  lookingFor?: string;
  newToArea?: boolean;
  /** Enumerated fields: the stored value must be one of these. */
  oneOf?: Partial<Record<EnumeratedProfileField, string[]>>;
}

const meta = (field: string) => sql`(${users.metadata} ->> ${field})`;
const list = (values: string[]) =>
  sql`(${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )})`;

function metadataConditions(filter: MetadataFilter): SQL[] {
  const conditions: SQL[] = [];
  if (filter.interests?.length) {
    // Rows written before interests existed may hold no array there: treat them as none.
    conditions.push(sql`exists (
      select 1 from jsonb_array_elements_text(
        case when jsonb_typeof(${users.metadata} -> 'interests') = 'array'
          then ${users.metadata} -> 'interests' else '[]'::jsonb end
      ) as interest(name)
      where lower(interest.name) in ${list(filter.interests)})`);
  }
  if (filter.lookingFor) conditions.push(sql`${meta('lookingFor')} ilike ${likePattern(filter.lookingFor)}`);
  if (filter.newToArea !== undefined)
    conditions.push(sql`${meta('newToArea')} = ${String(filter.newToArea)}`);
  for (const [field, values] of Object.entries(filter.oneOf ?? {})) {
    if (values.length > 0) conditions.push(sql`${meta(field)} in ${list(values)}`);
  }
  return conditions;
}

type UserFilter = {
  status?: UserStatus;
  role?: Role;
  /** Matches usernames; with `searchDescriptions` also descriptions (R-PROFILE-3). */
  q?: string;
  searchDescriptions?: boolean;
  metadata?: MetadataFilter;
};

function userConditions(filter: UserFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.status === 'unlocked') conditions.push(eq(users.isLocked, false));
  if (filter.status === 'pending_approval' || filter.status === 'admin_lock') {
    conditions.push(eq(users.isLocked, true));
    if (filter.status === 'pending_approval') {
      // A lock without a stored reason counts as pending approval.
      conditions.push(sql`coalesce(${users.lockReason}, 'pending_approval') = 'pending_approval'`);
    } else {
      conditions.push(eq(users.lockReason, 'admin_lock'));
    }
  }
  if (filter.role) conditions.push(eq(users.role, filter.role));
  if (filter.q) {
    const pattern = likePattern(filter.q);
    const byName = ilike(users.username, pattern);
    conditions.push(
      filter.searchDescriptions ? (or(byName, ilike(users.description, pattern)) ?? byName) : byName,
    );
  }
  if (filter.metadata) conditions.push(...metadataConditions(filter.metadata));
  return and(...conditions);
}

export async function listUsers(
  db: DbOrTx,
  filter: UserFilter & { limit: number; offset?: number; sort?: 'name' | 'signup' },
): Promise<UserRow[]> {
  // `signup`: the longest waiting first, as the approval queue reads.
  const order =
    filter.sort === 'signup'
      ? [asc(users.createdAt), asc(users.id)]
      : [asc(sql`lower(${users.username})`), asc(users.id)];
  return db
    .select()
    .from(users)
    .where(userConditions(filter))
    .orderBy(...order)
    .limit(filter.limit)
    .offset(filter.offset ?? 0);
}

/** How many users listUsers would list without paging. */
export async function countUsers(db: DbOrTx, filter: UserFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number | string>`count(*)` })
    .from(users)
    .where(userConditions(filter));
  return Number(row?.n ?? 0); // pg returns count(*) as a string, PGlite as a number
}

/**
 * The ids of the admins who can act (not locked), with their rows locked until the transaction
 * ends: two admins demoting each other at once are serialised, so one of them is refused.
 */
export async function lockActiveAdminIds(tx: DbOrTx): Promise<string[]> {
  const rows = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isLocked, false)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((row) => row.id);
}

/** Removes the account; its sessions and tokens go with it, audit entries keep a null target. */
export async function deleteUser(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.delete(users).where(eq(users.id, id)).returning();
  return row;
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
