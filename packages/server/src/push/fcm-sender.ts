import { createSign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { PushMessage } from '@stoop/shared';
import type { Config } from '../config.ts';
import type { PushTokenRow } from '../db/schema/index.ts';
import { outcomeOfStatus, type PushSender, type SendOptions, type SendOutcome } from './sender.ts';

const FCM_SCOPE = 'https://www.googleapis.com/auth/firebase.messaging';
const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
const ASSERTION_LIFETIME_S = 3600;
/** An access token is renewed this long before it expires, so no send goes out with a stale one. */
const TOKEN_RENEW_MARGIN_MS = 5 * 60 * 1000;
const REQUEST_TIMEOUT_MS = 10_000;

/** The fields of a Google service account key file that the JWT-bearer flow needs. */
const serviceAccountSchema = z.object({
  project_id: z.string().min(1),
  client_email: z.string().min(1),
  private_key: z.string().includes('PRIVATE KEY'),
  private_key_id: z.string().optional(),
  token_uri: z.url().optional(),
});
export type ServiceAccount = z.infer<typeof serviceAccountSchema>;

/** FCM_SERVICE_ACCOUNT_JSON, else the file FCM_SERVICE_ACCOUNT_FILE, else none (native pushes skipped). */
export function loadServiceAccount(config: Config): ServiceAccount | undefined {
  const raw =
    config.FCM_SERVICE_ACCOUNT_JSON ??
    (config.FCM_SERVICE_ACCOUNT_FILE ? readFileSync(config.FCM_SERVICE_ACCOUNT_FILE, 'utf8') : undefined);
  if (!raw) return undefined;
  const parsed = serviceAccountSchema.safeParse(JSON.parse(raw));
  if (!parsed.success)
    throw new Error(`FCM service account: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The RS256-signed assertion of the OAuth2 JWT-bearer grant (RFC 7523). */
function signAssertion(account: ServiceAccount, audience: string, nowMs: number): string {
  const iat = Math.floor(nowMs / 1000);
  const header = {
    alg: 'RS256',
    typ: 'JWT',
    ...(account.private_key_id ? { kid: account.private_key_id } : {}),
  };
  const claims = {
    iss: account.client_email,
    scope: FCM_SCOPE,
    aud: audience,
    iat,
    exp: iat + ASSERTION_LIFETIME_S,
  };
  const unsigned = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
  const signature = createSign('RSA-SHA256').update(unsigned).sign(account.private_key);
  return `${unsigned}.${base64url(signature)}`;
}

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().positive(),
});

/** FCM's error detail naming a token that no longer exists. */
const fcmErrorSchema = z.object({
  error: z.object({
    status: z.string().optional(),
    details: z.array(z.object({ errorCode: z.string().optional() }).loose()).optional(),
  }),
});

/** Firebase Cloud Messaging HTTP v1 for android and ios tokens. */
export class FcmSender implements PushSender {
  private accessToken: { value: string; renewAt: number } | undefined;
  private pendingToken: Promise<string> | undefined;
  private readonly tokenUrl: string;
  private readonly sendUrl: string;

  constructor(
    private readonly account: ServiceAccount,
    options: { endpoint: string; tokenUrl: string | undefined },
  ) {
    this.tokenUrl = options.tokenUrl ?? account.token_uri ?? 'https://oauth2.googleapis.com/token';
    const endpoint = options.endpoint.replace(/\/+$/, '');
    this.sendUrl = `${endpoint}/v1/projects/${encodeURIComponent(account.project_id)}/messages:send`;
  }

  async send(token: PushTokenRow, message: PushMessage, options: SendOptions): Promise<SendOutcome> {
    let bearer: string;
    try {
      bearer = await this.bearerToken();
    } catch {
      return 'retry';
    }
    // FCM's data values must be strings.
    const data: Record<string, string> = {
      link: message.link,
      url: message.url,
      count: String(message.count),
    };
    if (message.tag) data.tag = message.tag;
    if (message.conversationId) data.conversationId = message.conversationId;
    const body = {
      message: {
        token: token.token,
        notification: { title: message.title, body: message.body },
        data,
        android: {
          priority: options.urgent ? 'high' : 'normal',
          ...(options.topic ? { collapse_key: options.topic } : {}),
        },
        apns: {
          headers: {
            'apns-priority': options.urgent ? '10' : '5',
            ...(options.topic ? { 'apns-collapse-id': options.topic } : {}),
          },
        },
      },
    };
    let response: Response;
    try {
      response = await fetch(this.sendUrl, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch {
      return 'retry';
    }
    if (response.ok) {
      await response.body?.cancel();
      return 'sent';
    }
    if (response.status === 401) this.accessToken = undefined; // revoked or expired early: fetch a new one
    const answer = fcmErrorSchema.safeParse(await response.json().catch(() => null));
    const codes = answer.success ? (answer.data.error.details ?? []).map((d) => d.errorCode) : [];
    if (codes.includes('UNREGISTERED') || (answer.success && answer.data.error.status === 'NOT_FOUND'))
      return 'gone';
    if (response.status === 401) return 'retry';
    // FCM answers 404 only for a gone token, but a 400 INVALID_ARGUMENT may name a malformed one: failed.
    return outcomeOfStatus(response.status);
  }

  /** A cached access token; one request at a time renews it. */
  private async bearerToken(): Promise<string> {
    const now = Date.now();
    if (this.accessToken && now < this.accessToken.renewAt) return this.accessToken.value;
    this.pendingToken ??= this.fetchAccessToken().finally(() => {
      this.pendingToken = undefined;
    });
    return this.pendingToken;
  }

  private async fetchAccessToken(): Promise<string> {
    const now = Date.now();
    const response = await fetch(this.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: JWT_BEARER_GRANT,
        assertion: signAssertion(this.account, this.tokenUrl, now),
      }),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`FCM token request answered ${response.status}`);
    const parsed = tokenResponseSchema.parse(await response.json());
    this.accessToken = {
      value: parsed.access_token,
      renewAt: now + Math.max(parsed.expires_in * 1000 - TOKEN_RENEW_MARGIN_MS, 0),
    };
    return parsed.access_token;
  }
}
