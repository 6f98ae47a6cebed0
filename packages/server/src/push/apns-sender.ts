/**
 * Ios pushes straight to Apple Push Notification service over HTTP/2 with token-based
 * authentication: an ES256 provider token signed with the team's .p8 key, so the raw APNs token the
 * push plugin hands the ios app is what the server sends to (no Firebase on ios).
 */
import { createPrivateKey, createSign, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connect, constants, type ClientHttp2Session } from 'node:http2';
import { rootCertificates } from 'node:tls';
import type { PushMessage } from '@stoop/shared';
import type { Config } from '../config.ts';
import type { PushTokenRow } from '../db/schema/index.ts';
import { outcomeOfStatus, type PushSender, type SendOptions, type SendOutcome } from './sender.ts';

/** Apple refuses a provider token older than an hour and one renewed more often than every 20 minutes. */
const PROVIDER_TOKEN_RENEW_MS = 50 * 60 * 1000;
const REQUEST_TIMEOUT_MS = 10_000;
/** apns-collapse-id is at most 64 bytes. */
const COLLAPSE_ID_MAX = 64;
/** An undelivered notification is kept this long while the device is offline. */
const EXPIRATION_S = 24 * 3600;
/** Reasons that say the device token will never work again: remove it like a 410. */
const GONE_REASONS = new Set(['BadDeviceToken', 'Unregistered', 'DeviceTokenNotForTopic']);

export type ApnsSettings = { key: KeyObject; keyId: string; teamId: string; topic: string; endpoint: string };

/** The APNs settings when all of them are set; undefined when none are; a clear error when some are missing. */
export function loadApnsSettings(config: Config): ApnsSettings | undefined {
  const pem =
    config.APNS_KEY ?? (config.APNS_KEY_FILE ? readFileSync(config.APNS_KEY_FILE, 'utf8') : undefined);
  const given = { pem, keyId: config.APNS_KEY_ID, teamId: config.APNS_TEAM_ID, topic: config.APNS_TOPIC };
  if (Object.values(given).every((value) => value === undefined)) return undefined;
  const missing = Object.entries({
    'APNS_KEY or APNS_KEY_FILE': given.pem,
    APNS_KEY_ID: given.keyId,
    APNS_TEAM_ID: given.teamId,
    APNS_TOPIC: given.topic,
  })
    .filter(([, value]) => value === undefined)
    .map(([name]) => name);
  if (missing.length > 0 || !given.pem || !given.keyId || !given.teamId || !given.topic)
    throw new Error(`APNs: set ${missing.join(', ')} too, or none of the APNS_ variables`);
  const key = createPrivateKey(given.pem.replace(/\\n/g, '\n'));
  if (key.asymmetricKeyType !== 'ec') throw new Error('APNs: the key must be the .p8 (P-256) key from Apple');
  return {
    key,
    keyId: given.keyId,
    teamId: given.teamId,
    topic: given.topic,
    endpoint: config.APNS_ENDPOINT.replace(/\/+$/, ''),
  };
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The provider token: ES256 over {alg, kid}.{iss, iat}, the signature as raw r||s (JWS). */
function providerToken(settings: ApnsSettings, nowMs: number): string {
  const header = base64url(JSON.stringify({ alg: 'ES256', kid: settings.keyId }));
  const claims = base64url(JSON.stringify({ iss: settings.teamId, iat: Math.floor(nowMs / 1000) }));
  const signature = createSign('SHA256')
    .update(`${header}.${claims}`)
    .sign({ key: settings.key, dsaEncoding: 'ieee-p1363' });
  return `${header}.${claims}.${base64url(signature)}`;
}

/** What an ios device receives: the alert, grouping, badge, and the link a tap opens (R-NATIVE-10). */
function apnsPayload(message: PushMessage, options: SendOptions): Record<string, unknown> {
  const thread = message.conversationId ? `conversation:${message.conversationId}` : message.tag;
  return {
    aps: {
      alert: { title: message.title, body: message.body },
      sound: 'default',
      ...(options.badge === undefined ? {} : { badge: options.badge }),
      ...(thread ? { 'thread-id': thread } : {}),
    },
    link: message.link,
    count: message.count,
    ...(message.tag ? { tag: message.tag } : {}),
    ...(message.conversationId ? { conversationId: message.conversationId } : {}),
  };
}

export class ApnsSender implements PushSender {
  private session: ClientHttp2Session | undefined;
  private token: { value: string; renewAt: number } | undefined;

  constructor(
    private readonly settings: ApnsSettings,
    private readonly caFile: string | undefined,
  ) {}

  async send(token: PushTokenRow, message: PushMessage, options: SendOptions): Promise<SendOutcome> {
    const headers = {
      [constants.HTTP2_HEADER_METHOD]: 'POST',
      [constants.HTTP2_HEADER_PATH]: `/3/device/${encodeURIComponent(token.token)}`,
      authorization: `bearer ${this.providerToken()}`,
      'apns-topic': this.settings.topic,
      'apns-push-type': 'alert',
      // 10: at once, even to a device saving power; 5: when convenient.
      'apns-priority': options.urgent ? '10' : '5',
      'apns-expiration': String(Math.floor(Date.now() / 1000) + EXPIRATION_S),
      ...(options.topic ? { 'apns-collapse-id': options.topic.slice(0, COLLAPSE_ID_MAX) } : {}),
      'content-type': 'application/json',
    };
    let answer: { status: number; reason: string | undefined };
    try {
      answer = await this.request(headers, JSON.stringify(apnsPayload(message, options)));
    } catch {
      this.session?.destroy();
      this.session = undefined;
      return 'retry';
    }
    if (answer.status === 200) return 'sent';
    if (answer.reason && GONE_REASONS.has(answer.reason)) return 'gone';
    if (answer.status === 403 && /ProviderToken/.test(answer.reason ?? '')) {
      this.token = undefined; // expired or refused: sign a new one for the next attempt
      return 'retry';
    }
    return outcomeOfStatus(answer.status);
  }

  close(): void {
    this.session?.close();
    this.session = undefined;
  }

  private providerToken(): string {
    const now = Date.now();
    if (!this.token || now >= this.token.renewAt)
      this.token = { value: providerToken(this.settings, now), renewAt: now + PROVIDER_TOKEN_RENEW_MS };
    return this.token.value;
  }

  /** One HTTP/2 connection, kept open and shared by every send (as Apple asks), opened again when lost. */
  private connection(): ClientHttp2Session {
    if (this.session && !this.session.closed && !this.session.destroyed) return this.session;
    const ca = this.caFile ? [...rootCertificates, readFileSync(this.caFile, 'utf8')] : undefined;
    const session = connect(this.settings.endpoint, ca ? { ca } : {});
    session.on('error', () => session.destroy());
    session.on('close', () => {
      if (this.session === session) this.session = undefined;
    });
    session.unref();
    this.session = session;
    return session;
  }

  private request(
    headers: Record<string, string>,
    body: string,
  ): Promise<{ status: number; reason: string | undefined }> {
    return new Promise((resolve, reject) => {
      const stream = this.connection().request(headers);
      stream.setTimeout(REQUEST_TIMEOUT_MS, () => stream.close(constants.NGHTTP2_CANCEL));
      let status = 0;
      const chunks: Buffer[] = [];
      stream.on('response', (responseHeaders) => {
        status = Number(responseHeaders[constants.HTTP2_HEADER_STATUS]);
      });
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (status === 0) return reject(new Error('APNs closed the stream without an answer'));
        let reason: string | undefined;
        try {
          const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { reason?: unknown };
          if (typeof parsed.reason === 'string') reason = parsed.reason;
        } catch {
          reason = undefined;
        }
        resolve({ status, reason });
      });
      stream.on('error', reject);
      stream.end(body);
    });
  }
}
