import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { RequestCategory, RequestStatus } from '@stoop/shared';
import type { DbOrTx } from '../db/client.ts';
import {
  buildingRequestEvents,
  buildingRequests,
  users,
  type BuildingRequestEventRow,
  type BuildingRequestRow,
  type UserRow,
} from '../db/schema/index.ts';

/** A request with what its presentation needs: the requester's row (null once the account is gone). */
export type RequestView = { row: BuildingRequestRow; requester: UserRow | null };
export type RequestEventView = { row: BuildingRequestEventRow; actor: UserRow | null };

export type NewRequest = Pick<
  BuildingRequestRow,
  'requesterId' | 'category' | 'title' | 'description' | 'photoKey' | 'photoMimeType' | 'photoSize'
>;
export type NewRequestEvent = Pick<
  BuildingRequestEventRow,
  'requestId' | 'actorId' | 'kind' | 'byOffice' | 'fromStatus' | 'toStatus' | 'text'
>;
/** The list's narrowing: one requester (a resident's own list), a status, a category. */
export type RequestFilter = {
  requesterId?: string | undefined;
  status?: RequestStatus | undefined;
  category?: RequestCategory | undefined;
};

export async function insertRequest(db: DbOrTx, values: NewRequest): Promise<BuildingRequestRow> {
  const [row] = await db.insert(buildingRequests).values(values).returning();
  if (!row) throw new Error('insert into building_requests returned no row');
  return row;
}

export async function insertRequestEvent(db: DbOrTx, values: NewRequestEvent): Promise<void> {
  await db.insert(buildingRequestEvents).values(values);
}

export async function findRequestView(db: DbOrTx, id: string): Promise<RequestView | undefined> {
  const [found] = await viewQuery(db).where(eq(buildingRequests.id, id)).limit(1);
  return found;
}

/** The row, locked until the transaction ends, so two status changes see each other's result. */
export async function lockRequest(db: DbOrTx, id: string): Promise<BuildingRequestRow | undefined> {
  const [row] = await db.select().from(buildingRequests).where(eq(buildingRequests.id, id)).for('update');
  return row;
}

export async function setRequestStatus(db: DbOrTx, id: string, status: RequestStatus): Promise<void> {
  await db.update(buildingRequests).set({ status, updatedAt: new Date() }).where(eq(buildingRequests.id, id));
}

export async function touchRequest(db: DbOrTx, id: string): Promise<void> {
  await db.update(buildingRequests).set({ updatedAt: new Date() }).where(eq(buildingRequests.id, id));
}

/** A page, newest first (id breaks ties). */
export async function pageRequests(
  db: DbOrTx,
  filter: RequestFilter,
  page: { limit: number; offset: number },
): Promise<RequestView[]> {
  return viewQuery(db)
    .where(whereOf(filter))
    .orderBy(desc(buildingRequests.createdAt), desc(buildingRequests.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countRequests(db: DbOrTx, filter: RequestFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(buildingRequests).where(whereOf(filter));
  return Number(row?.n ?? 0);
}

/** A request's history, oldest first. */
export async function eventsOfRequest(db: DbOrTx, requestId: string): Promise<RequestEventView[]> {
  return db
    .select({ row: buildingRequestEvents, actor: users })
    .from(buildingRequestEvents)
    .leftJoin(users, eq(users.id, buildingRequestEvents.actorId))
    .where(eq(buildingRequestEvents.requestId, requestId))
    .orderBy(buildingRequestEvents.createdAt, buildingRequestEvents.id);
}

function whereOf(filter: RequestFilter): SQL | undefined {
  const conditions = [
    filter.requesterId === undefined ? undefined : eq(buildingRequests.requesterId, filter.requesterId),
    filter.status === undefined ? undefined : eq(buildingRequests.status, filter.status),
    filter.category === undefined ? undefined : eq(buildingRequests.category, filter.category),
  ].filter((condition) => condition !== undefined);
  return conditions.length > 0 ? and(...conditions) : undefined;
}

function viewQuery(db: DbOrTx) {
  return db
    .select({ row: buildingRequests, requester: users })
    .from(buildingRequests)
    .leftJoin(users, eq(users.id, buildingRequests.requesterId))
    .$dynamic();
}
