/** The calls of integrations (R-INTEG): method, path, access and body encoding; no zod (see ../routes.ts). */
import type { RouteInfo } from './route-info.ts';

export const integrationsRoutes = {
  listIntegrations: {
    method: 'GET',
    path: '/api/integrations',
    access: 'user',
    encoding: 'none',
    tag: 'integrations',
    summary: 'The data sources feeding channels (addresses and errors for admins only)',
  },
  createIntegration: {
    method: 'POST',
    path: '/api/integrations',
    access: 'admin',
    encoding: 'json',
    tag: 'integrations',
    summary: 'Connect a webhook, RSS/Atom feed or iCal calendar to a channel (admins)',
  },
  updateIntegration: {
    method: 'PATCH',
    path: '/api/integrations/:id',
    access: 'admin',
    encoding: 'json',
    tag: 'integrations',
    summary: 'Rename, move, re-point, pause or resume a data source (admins)',
  },
  rotateIntegrationSecret: {
    method: 'POST',
    path: '/api/integrations/:id/rotate-secret',
    access: 'admin',
    encoding: 'none',
    tag: 'integrations',
    summary: 'Give a webhook a new secret address; the old one stops working (admins)',
  },
  deleteIntegration: {
    method: 'DELETE',
    path: '/api/integrations/:id',
    access: 'admin',
    encoding: 'none',
    tag: 'integrations',
    summary: 'Disconnect a data source; its messages stay (admins)',
  },
  postWebhook: {
    method: 'POST',
    path: '/api/hooks/:id/:secret',
    access: 'public',
    csrf: false,
    encoding: 'json',
    tag: 'integrations',
    summary: 'Incoming webhook (Slack-compatible {text, username?, icon_url?}); the secret is in the path',
  },
} as const satisfies Record<string, RouteInfo>;
