import { readFileSync } from 'node:fs';
import { Agent } from 'node:https';
import { rootCertificates } from 'node:tls';
import type webpushModule from 'web-push';
import { webPushSubscriptionSchema, type PushMessage } from '@stoop/shared';
import type { PushTokenRow } from '../db/schema/index.ts';
import { outcomeOfStatus, type PushSender, type SendOptions, type SendOutcome } from './sender.ts';
import type { VapidDetails } from './vapid.ts';

/** Push services keep an undelivered message this long (seconds) while the device is offline. */
const TTL_SECONDS = 24 * 3600;
const SEND_TIMEOUT_MS = 10_000;

/**
 * An agent trusting the system's CAs plus PUSH_CA_FILE's. Only this sender's requests use it;
 * TLS verification stays on everywhere.
 */
export function pushAgent(caFile: string | undefined): Agent | undefined {
  if (!caFile) return undefined;
  return new Agent({ keepAlive: true, ca: [...rootCertificates, readFileSync(caFile, 'utf8')] });
}

let loading: Promise<typeof webpushModule> | undefined;

/** web-push (with its ASN.1 and JWS packages) loads with the first push, not at start-up (R-OPS-21). */
function loadWebPush(): Promise<typeof webpushModule> {
  loading ??= import('web-push').then((module) => module.default);
  return loading;
}

/** Web Push (RFC 8030) with an aes128gcm body (RFC 8291) and VAPID (RFC 8292), through `web-push`. */
export class WebPushSender implements PushSender {
  constructor(
    private readonly vapid: VapidDetails,
    private readonly agent: Agent | undefined,
  ) {}

  async send(token: PushTokenRow, message: PushMessage, options: SendOptions): Promise<SendOutcome> {
    const parsed = webPushSubscriptionSchema.safeParse(JSON.parse(token.token));
    if (!parsed.success) return 'gone'; // stored before validation tightened: nothing can reach it
    const webpush = await loadWebPush();
    try {
      const { endpoint, keys } = parsed.data;
      await webpush.sendNotification({ endpoint, keys }, JSON.stringify(message), {
        vapidDetails: this.vapid,
        TTL: TTL_SECONDS,
        urgency: options.urgent ? 'high' : 'normal',
        contentEncoding: 'aes128gcm',
        timeout: SEND_TIMEOUT_MS,
        ...(options.topic ? { topic: options.topic } : {}),
        ...(this.agent ? { agent: this.agent } : {}),
      });
      return 'sent';
    } catch (error) {
      // A WebPushError carries the push service's answer; anything else is the network.
      if (error instanceof webpush.WebPushError) return outcomeOfStatus(error.statusCode);
      return 'retry';
    }
  }
}
