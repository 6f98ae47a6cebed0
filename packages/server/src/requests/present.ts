import type { BuildingRequest, RequestEvent } from '@stoop/shared';
import { requestAbilities, type AbilityViewer } from '../access/index.ts';
import { presentPublic } from '../users/present.ts';
import type { RequestEventView, RequestView } from './repo.ts';

const requestPhotoUrl = (id: string) => `/api/requests/${encodeURIComponent(id)}/photo`;

/**
 * The only way a request leaves the server: the requester's public shape, never their email, and
 * what `viewer` may do with it.
 */
export function presentRequest(view: RequestView, viewer: AbilityViewer): BuildingRequest {
  const { row } = view;
  return {
    id: row.id,
    category: row.category,
    title: row.title,
    description: row.description,
    status: row.status,
    requester: view.requester ? presentPublic(view.requester) : null,
    photoUrl: row.photoKey ? requestPhotoUrl(row.id) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    abilities: requestAbilities(viewer, row),
  };
}

export function presentRequestEvent(view: RequestEventView): RequestEvent {
  const { row } = view;
  return {
    id: row.id,
    kind: row.kind,
    actor: view.actor ? presentPublic(view.actor) : null,
    byOffice: row.byOffice,
    fromStatus: row.fromStatus,
    toStatus: row.toStatus,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
  };
}
