import { createHmac } from 'node:crypto';
import { safeEqual } from '../auth/crypto.ts';
import { Unauthenticated } from '../errors.ts';

/** R-INTEG-11: a signed post older (or further ahead) than this is refused as a replay. */
const SIGNATURE_MAX_AGE_SECONDS = 5 * 60;

export type WebhookSignature = { timestamp: string | undefined; signature: string | undefined; body: string };

/**
 * R-INTEG-11, Slack-style: when the source sends `X-Stoop-Request-Timestamp` and `X-Stoop-Signature`
 * (`v0=` + hex HMAC-SHA256 of `v0:{timestamp}:{body}` keyed with the webhook's secret), both must
 * hold; a post with neither header is taken as before.
 */
export function checkWebhookSignature(secret: string, signed: WebhookSignature, now = Date.now()): void {
  if (signed.timestamp === undefined && signed.signature === undefined) return;
  const seconds = Number(signed.timestamp);
  if (
    !signed.timestamp ||
    !Number.isInteger(seconds) ||
    Math.abs(now / 1000 - seconds) > SIGNATURE_MAX_AGE_SECONDS
  )
    throw new Unauthenticated('The webhook request timestamp is missing, invalid or older than 5 minutes');
  const expected = `v0=${createHmac('sha256', secret).update(`v0:${signed.timestamp}:${signed.body}`).digest('hex')}`;
  if (!signed.signature || !safeEqual(expected, signed.signature))
    throw new Unauthenticated('The webhook request signature does not match');
}
