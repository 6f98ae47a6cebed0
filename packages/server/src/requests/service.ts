import type { Readable } from 'node:stream';
import {
  REQUEST_STATUS_LABELS,
  type CreateRequestFields,
  type RequestDetail,
  type RequestsPage,
  type RequestsQuery,
  type RequestStatus,
  type UpdateRequestBody,
} from '@stoop/shared';
import { isAdmin } from '../access/index.ts';
import { recordAudit } from '../audit/service.ts';
import type { RequestChange } from '../bus.ts';
import type { Context } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import type { UserRow } from '../db/schema/index.ts';
import type { UploadedFile } from '../files/multipart.ts';
import { readStoredFile, removeStoredFiles, storeImage } from '../files/service.ts';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import { inTransaction, type PendingEvents } from '../transaction.ts';
import { presentRequest, presentRequestEvent } from './present.ts';
import * as repo from './repo.ts';
import { readSnapshot } from '../db/snapshot.ts';

const REQUEST_NOT_FOUND = 'Request not found';

/** R-REQ-3 Its requester and admins see a request; to anyone else it does not exist. */
function mayView(viewer: UserRow, requesterId: string): boolean {
  return viewer.id === requesterId || isAdmin(viewer);
}

async function detailOf(db: DbOrTx, id: string): Promise<RequestDetail> {
  const [view, events] = await Promise.all([repo.findRequestView(db, id), repo.eventsOfRequest(db, id)]);
  if (!view) throw notFound(REQUEST_NOT_FOUND);
  return { request: presentRequest(view), history: events.map(presentRequestEvent) };
}

/** POST /api/requests (R-REQ-1, R-REQ-4): the photo's bytes first, then the rows in one transaction. */
export async function createRequest(
  ctx: Context,
  requester: UserRow,
  fields: CreateRequestFields,
  photo: UploadedFile | undefined,
): Promise<RequestDetail> {
  const stored = photo ? await storeImage(ctx.config.UPLOAD_DIR, photo, 'photo') : undefined;
  try {
    return await inTransaction(ctx, async (tx, events) => {
      const row = await repo.insertRequest(tx, {
        requesterId: requester.id,
        ...fields,
        photoKey: stored?.storageKey ?? null,
        photoMimeType: stored?.mimeType ?? null,
        photoSize: stored?.size ?? null,
      });
      await repo.insertRequestEvent(tx, {
        requestId: row.id,
        actorId: requester.id,
        kind: 'created',
        byOffice: false,
        fromStatus: null,
        toStatus: 'open',
        text: null,
      });
      const detail = await detailOf(tx, row.id);
      publishChange(events, detail, row.requesterId, { kind: 'filed', actorId: requester.id });
      return detail;
    });
  } catch (error) {
    if (stored) await removeStoredFiles(ctx.config.UPLOAD_DIR, [stored.storageKey]);
    throw error;
  }
}

/** GET /api/requests (R-REQ-2): a resident's own; admins every resident's. */
export async function listRequests(
  ctx: Context,
  viewer: UserRow,
  query: RequestsQuery,
): Promise<RequestsPage> {
  const filter: repo.RequestFilter = {
    requesterId: isAdmin(viewer) ? undefined : viewer.id,
    status: query.status,
    category: query.category,
  };
  const [views, total] = await readSnapshot(ctx.db, (tx) =>
    Promise.all([
      repo.pageRequests(tx, filter, { limit: query.limit, offset: (query.page - 1) * query.limit }),
      repo.countRequests(tx, filter),
    ]),
  );
  return { data: views.map(presentRequest), total, page: query.page, limit: query.limit };
}

/** GET /api/requests/{id} (R-REQ-3). */
export async function getRequest(ctx: Context, viewer: UserRow, id: string): Promise<RequestDetail> {
  const view = await repo.findRequestView(ctx.db, id);
  if (!view || !mayView(viewer, view.row.requesterId)) throw notFound(REQUEST_NOT_FOUND);
  const events = await repo.eventsOfRequest(ctx.db, id);
  return { request: presentRequest(view), history: events.map(presentRequestEvent) };
}

/** PATCH /api/requests/{id} (admins, R-REQ-5, R-REQ-8): history row, audit entry, then the requester is told. */
export async function changeStatus(
  ctx: Context,
  admin: UserRow,
  id: string,
  body: UpdateRequestBody,
): Promise<RequestDetail> {
  return inTransaction(ctx, async (tx, events) => {
    const row = await repo.lockRequest(tx, id);
    if (!row) throw notFound(REQUEST_NOT_FOUND);
    if (row.status === 'cancelled') throw conflict('The resident cancelled this request', 'status');
    if (row.status === body.status)
      throw conflict(`The request is already ${statusLabel(row.status)}`, 'status');
    const note = body.note ? body.note : null;
    await recordStatusChange(tx, row, admin, body.status, note, true);
    const detail = await detailOf(tx, id);
    publishChange(events, detail, row.requesterId, {
      kind: 'status',
      actorId: admin.id,
      from: row.status,
      to: body.status,
      note,
    });
    return detail;
  });
}

/** POST /api/requests/{id}/cancel (R-REQ-6): only its requester, only while it is open. */
export async function cancelRequest(ctx: Context, viewer: UserRow, id: string): Promise<RequestDetail> {
  return inTransaction(ctx, async (tx, events) => {
    const row = await repo.lockRequest(tx, id);
    if (!row || !mayView(viewer, row.requesterId)) throw notFound(REQUEST_NOT_FOUND);
    if (row.requesterId !== viewer.id) throw forbidden('Only the resident who filed a request can cancel it');
    if (row.status !== 'open') throw conflict('Only an open request can be cancelled', 'status');
    await recordStatusChange(tx, row, viewer, 'cancelled', null, false);
    const detail = await detailOf(tx, id);
    publishChange(events, detail, row.requesterId, {
      kind: 'status',
      actorId: viewer.id,
      from: row.status,
      to: 'cancelled',
      note: null,
    });
    return detail;
  });
}

/** POST /api/requests/{id}/comments (R-REQ-6): the requester's follow-up or an admin's note. */
export async function commentOnRequest(
  ctx: Context,
  viewer: UserRow,
  id: string,
  text: string,
): Promise<RequestDetail> {
  return inTransaction(ctx, async (tx, events) => {
    const row = await repo.lockRequest(tx, id);
    if (!row || !mayView(viewer, row.requesterId)) throw notFound(REQUEST_NOT_FOUND);
    const byOffice = viewer.id !== row.requesterId;
    await repo.insertRequestEvent(tx, {
      requestId: id,
      actorId: viewer.id,
      kind: 'comment',
      byOffice,
      fromStatus: null,
      toStatus: null,
      text,
    });
    await repo.touchRequest(tx, id);
    const detail = await detailOf(tx, id);
    publishChange(events, detail, row.requesterId, { kind: 'comment', actorId: viewer.id, byOffice, text });
    return detail;
  });
}

export type RequestPhoto = { body: Readable; mimeType: string };

/** GET /api/requests/{id}/photo (R-REQ-4): to the requester and admins only; anyone else 404. */
export async function requestPhoto(ctx: Context, viewer: UserRow, id: string): Promise<RequestPhoto> {
  const view = await repo.findRequestView(ctx.db, id);
  if (!view || !mayView(viewer, view.row.requesterId)) throw notFound(REQUEST_NOT_FOUND);
  const { photoKey, photoMimeType } = view.row;
  if (!photoKey || !photoMimeType) throw notFound('This request has no photo');
  return { body: await readStoredFile(ctx.config.UPLOAD_DIR, photoKey), mimeType: photoMimeType };
}

/** R-REQ-8 Every status change is kept (who, when, from, to, note) and audited. */
async function recordStatusChange(
  tx: DbOrTx,
  row: { id: string; status: RequestStatus; requesterId: string },
  actor: UserRow,
  to: RequestStatus,
  note: string | null,
  byOffice: boolean,
): Promise<void> {
  await repo.setRequestStatus(tx, row.id, to);
  await repo.insertRequestEvent(tx, {
    requestId: row.id,
    actorId: actor.id,
    kind: 'status',
    byOffice,
    fromStatus: row.status,
    toStatus: to,
    text: note,
  });
  await recordAudit(tx, {
    actorId: actor.id,
    action: to === 'cancelled' ? 'request.cancel' : 'request.status',
    targetUserId: row.requesterId,
    details: { requestId: row.id, from: row.status, to, ...(note ? { note } : {}) },
  });
}

function publishChange(
  events: PendingEvents,
  detail: RequestDetail,
  requesterId: string,
  change: RequestChange,
): void {
  events.publish('request:updated', { request: detail.request, requesterId, change });
}

/** "in progress": a status inside a sentence. */
export function statusLabel(status: RequestStatus): string {
  return REQUEST_STATUS_LABELS[status].toLowerCase();
}
