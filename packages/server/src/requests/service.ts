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
import {
  isAdmin,
  REQUEST_NOT_FOUND,
  requireRequestCancel,
  requireRequestStatusChange,
  requireRequestView,
  type AbilityViewer,
} from '../access/index.ts';
import { recordAudit } from '../audit/service.ts';
import type { RequestChange } from '../bus.ts';
import type { Context } from '../context.ts';
import type { DbOrTx } from '../db/client.ts';
import type { UserRow } from '../db/schema/index.ts';
import type { UploadedFile } from '../files/uploaded-file.ts';
import { readStoredFile, removeStoredFiles, storeImage } from '../files/service.ts';
import { Conflict, NotFound } from '../errors.ts';
import { inTransaction, type PendingDomainEvents } from '../transaction.ts';
import { presentRequest, presentRequestEvent } from './present.ts';
import * as repo from './repo.ts';
import { readSnapshot } from '../db/snapshot.ts';

/** The request and its history as `viewer` gets them (the caller checked that they see it). */
async function detailOf(db: DbOrTx, id: string, viewer: AbilityViewer): Promise<RequestDetail> {
  const [view, events] = await Promise.all([repo.findRequestView(db, id), repo.eventsOfRequest(db, id)]);
  if (!view) throw new NotFound(REQUEST_NOT_FOUND);
  return { request: presentRequest(view, viewer), history: events.map(presentRequestEvent) };
}

/** POST /api/requests (R-REQ-1): the photo's bytes first, then the rows in one transaction. */
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
      const detail = await detailOf(tx, row.id, requester);
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
  const [views, total] = await readSnapshot(
    ctx.db,
    async (tx) =>
      [
        await repo.pageRequests(tx, filter, { limit: query.limit, offset: (query.page - 1) * query.limit }),
        await repo.countRequests(tx, filter),
      ] as const,
  );
  return {
    data: views.map((view) => presentRequest(view, viewer)),
    total,
    page: query.page,
    limit: query.limit,
  };
}

/** GET /api/requests/{id} (R-REQ-3). */
export async function getRequest(ctx: Context, viewer: UserRow, id: string): Promise<RequestDetail> {
  const view = await repo.findRequestView(ctx.db, id);
  if (!view) throw new NotFound(REQUEST_NOT_FOUND);
  requireRequestView(viewer, view.row);
  const events = await repo.eventsOfRequest(ctx.db, id);
  return { request: presentRequest(view, viewer), history: events.map(presentRequestEvent) };
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
    if (!row) throw new NotFound(REQUEST_NOT_FOUND);
    requireRequestStatusChange(admin, row);
    if (row.status === body.status)
      throw new Conflict(`The request is already ${statusLabel(row.status)}`, 'status');
    const note = body.note ? body.note : null;
    await recordStatusChange(tx, row, admin, body.status, note, true);
    const detail = await detailOf(tx, id, admin);
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
    if (!row) throw new NotFound(REQUEST_NOT_FOUND);
    requireRequestCancel(viewer, row);
    await recordStatusChange(tx, row, viewer, 'cancelled', null, false);
    const detail = await detailOf(tx, id, viewer);
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
    if (!row) throw new NotFound(REQUEST_NOT_FOUND);
    requireRequestView(viewer, row);
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
    const detail = await detailOf(tx, id, viewer);
    publishChange(events, detail, row.requesterId, { kind: 'comment', actorId: viewer.id, byOffice, text });
    return detail;
  });
}

export type RequestPhoto = { body: Readable; mimeType: string };

/** GET /api/requests/{id}/photo: to the requester and admins only; anyone else 404. */
export async function requestPhoto(ctx: Context, viewer: UserRow, id: string): Promise<RequestPhoto> {
  const view = await repo.findRequestView(ctx.db, id);
  if (!view) throw new NotFound(REQUEST_NOT_FOUND);
  requireRequestView(viewer, view.row);
  const { photoKey, photoMimeType } = view.row;
  if (!photoKey || !photoMimeType) throw new NotFound('This request has no photo');
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
  events: PendingDomainEvents,
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
