import type { Integration } from '@stoop/shared';
import { isAdmin, type Viewer } from '../access/index.ts';
import type { IntegrationView } from './repo.ts';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * R-INTEG-2: residents learn what feeds a channel and when it last posted; the address, the last
 * error and the poll time are for admins. The webhook secret is never part of it.
 */
export function presentIntegration(view: IntegrationView, viewer: Pick<Viewer, 'role'>): Integration {
  const admin = isAdmin(viewer);
  return {
    id: view.id,
    type: view.type,
    name: view.name,
    conversationId: view.conversationId,
    conversationName: view.conversationName,
    paused: view.paused,
    lastActivityAt: iso(view.lastActivityAt),
    createdAt: view.createdAt.toISOString(),
    url: admin ? view.url : null,
    lastError: admin ? view.lastError : null,
    lastPolledAt: admin ? iso(view.lastPolledAt) : null,
  };
}
