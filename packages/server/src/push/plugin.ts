// How this folder works (push): docs/push.md.
import { recordDelivery } from '../announcements/service.ts';
import { ApnsSender, loadApnsSettings } from './apns-sender.ts';
import { unreadNotificationCount } from '../notifications/service.ts';
import { domainPlugin } from '../domain.ts';
import { PushDispatcher } from './dispatcher.ts';
import { FcmSender, loadServiceAccount } from './fcm-sender.ts';
import { pushRoutes } from './routes.ts';
import { subscribePushes } from './subscriber.ts';
import { resolveVapid } from './vapid.ts';
import { pushAgent, WebPushSender } from './web-sender.ts';

/**
 * Push: token registration, the VAPID key, the subscriber queuing pushes from notifications and
 * direct messages, and the dispatcher that drains push_jobs in this process.
 */
export const pushPlugin = domainPlugin('push', (app) => {
  const config = app.config;
  const vapid = resolveVapid(config);
  const account = loadServiceAccount(config);
  const apns = loadApnsSettings(config);
  const iosSender = apns ? new ApnsSender(apns, config.PUSH_CA_FILE) : undefined;
  const dispatcher = new PushDispatcher(app.db, app.log.child({ module: 'push' }), {
    maxAttempts: config.PUSH_MAX_ATTEMPTS,
    retryBaseMs: config.PUSH_RETRY_BASE_MS,
    pollMs: config.PUSH_POLL_MS,
    onDelivered: async ({ payload, userId }) => {
      if (payload.announcementId) await recordDelivery(app, payload.announcementId, userId, 'push');
    },
    senders: {
      web: new WebPushSender(vapid, pushAgent(config.PUSH_CA_FILE)),
      native: account
        ? new FcmSender(account, { endpoint: config.FCM_ENDPOINT, tokenUrl: config.FCM_TOKEN_URL })
        : undefined,
      ios: iosSender,
    },
    badgeOf: (userId) => unreadNotificationCount(app.db, userId),
  });
  return {
    routes: [pushRoutes(vapid.publicKey)],
    subscribers: [subscribePushes],
    periodic: [
      { name: 'pushDispatcher', work: dispatcher },
      // Stopped after the dispatcher: the APNs connection closes once the sends in flight are done.
      { work: { start: () => undefined, stop: () => iosSender?.close() } },
    ],
  };
});
