/** The schemas of the calls of push, keyed like ./push-routes.ts. */
import {
  pushDeviceParamsSchema,
  pushDevicesResponseSchema,
  registerPushTokenQuerySchema,
  registerPushTokenResponseSchema,
  unregisterPushTokenQuerySchema,
  unregisterPushTokenResponseSchema,
  vapidPublicKeySchema,
} from '../../schemas/push.ts';
import { type RouteSchemas, guarded } from './contract-parts.ts';

export const pushSchemas = {
  registerPushToken: {
    query: registerPushTokenQuerySchema,
    response: { 200: registerPushTokenResponseSchema, 201: registerPushTokenResponseSchema, ...guarded },
  },
  unregisterPushToken: {
    query: unregisterPushTokenQuerySchema,
    response: { 200: unregisterPushTokenResponseSchema, ...guarded },
  },
  getVapidPublicKey: { response: { 200: vapidPublicKeySchema } },
  listPushDevices: { response: { 200: pushDevicesResponseSchema, ...guarded } },
  removePushDevice: {
    params: pushDeviceParamsSchema,
    response: { 200: unregisterPushTokenResponseSchema, ...guarded },
  },
} as const satisfies Record<string, RouteSchemas>;
