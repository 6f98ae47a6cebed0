/** The calls of push: method, path, access and body encoding; no zod (see ../routes.ts). */
import type { RouteInfo } from './route-info.ts';

export const pushRoutes = {
  registerPushToken: {
    method: 'POST',
    path: '/api/register-push-token',
    access: 'user',
    encoding: 'none',
    tag: 'push',
    summary: 'Register this device for push (web: the PushSubscription JSON, URL-encoded)',
    description: '201 when new for this user, 200 when it was already registered.',
  },
  unregisterPushToken: {
    method: 'DELETE',
    path: '/api/unregister-push-token',
    access: 'user',
    encoding: 'none',
    tag: 'push',
    summary:
      "Remove one of the caller's push tokens, a platform's tokens of this device (platform alone), or all with all=true",
  },
  getVapidPublicKey: {
    method: 'GET',
    path: '/api/push/vapid-public-key',
    access: 'public',
    encoding: 'none',
    tag: 'push',
    summary: 'The application server key for pushManager.subscribe',
  },
  listPushDevices: {
    method: 'GET',
    path: '/api/push/devices',
    access: 'user',
    encoding: 'none',
    tag: 'push',
    summary: "The caller's devices registered for push (platform, created, last used, this device)",
  },
  removePushDevice: {
    method: 'DELETE',
    path: '/api/push/devices/:id',
    access: 'user',
    encoding: 'none',
    tag: 'push',
    summary: "Remove one of the caller's devices from push; another user's id removes nothing",
  },
} as const satisfies Record<string, RouteInfo>;
