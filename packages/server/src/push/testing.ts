// Test stand-ins for push providers: real HTTP(S) servers speaking the providers' protocols.
import {
  createECDH,
  createPublicKey,
  createDecipheriv,
  hkdfSync,
  randomBytes,
  verify,
  type ECDH,
} from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { loopbackCertificate } from '../test/certificate.ts';

export type ReceivedRequest = {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
  /** Date.now() when it arrived. */
  receivedAt: number;
};
type Responder = (request: ReceivedRequest) => { status: number; body?: unknown };

/** A local server recording every request; `respond` decides each answer. `next()` awaits the next one. */
export type ProviderServer = {
  url: string;
  requests: ReceivedRequest[];
  respond: Responder;
  next(timeoutMs?: number): Promise<ReceivedRequest>;
  /** Passes over every request received so far: the next `next()` waits for a new one. */
  skip(): void;
  close(): Promise<void>;
};

function recordingHandler(state: {
  respond: Responder;
  requests: ReceivedRequest[];
  waiters: ((r: ReceivedRequest) => void)[];
}) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const received = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
        receivedAt: Date.now(),
      };
      const answer = state.respond(received);
      res.statusCode = answer.status;
      if (answer.body !== undefined) res.setHeader('content-type', 'application/json');
      res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
      state.requests.push(received);
      state.waiters.shift()?.(received);
    });
  };
}

async function serve(
  create: (handler: ReturnType<typeof recordingHandler>) => ReturnType<typeof createHttpServer>,
  scheme: 'http' | 'https',
): Promise<ProviderServer> {
  const state = {
    respond: (() => ({ status: 201 })) as Responder,
    requests: [] as ReceivedRequest[],
    waiters: [] as ((r: ReceivedRequest) => void)[],
    seen: 0,
  };
  const server = create(recordingHandler(state));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `${scheme}://127.0.0.1:${port}`,
    requests: state.requests,
    get respond() {
      return state.respond;
    },
    set respond(value: Responder) {
      state.respond = value;
    },
    next(timeoutMs = 15_000) {
      const already = state.requests[state.seen];
      if (already) {
        state.seen += 1;
        return Promise.resolve(already);
      }
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no request reached the provider')), timeoutMs);
        state.waiters.push((r) => {
          clearTimeout(timer);
          state.seen += 1;
          resolve(r);
        });
      });
    },
    skip() {
      state.seen = state.requests.length;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A browser push service on https://127.0.0.1 with a self-signed certificate, written to
 * `dir/push-ca.pem` for the sender's PUSH_CA_FILE (trusted by that agent alone).
 */
export async function startPushService(dir: string): Promise<ProviderServer & { caFile: string }> {
  const pems = await loopbackCertificate();
  const caFile = path.join(dir, 'push-ca.pem');
  await writeFile(caFile, pems.cert);
  const server = await serve(
    (handler) => createHttpsServer({ key: pems.private, cert: pems.cert }, handler),
    'https',
  );
  return Object.assign(server, { caFile });
}

/** An FCM-shaped endpoint (token URL and HTTP v1 send) on plain local HTTP. */
export const startFcmService = () => serve((handler) => createHttpServer(handler), 'http');

/** A browser's side of a subscription: the P-256 key pair and the 16-byte auth secret (RFC 8291). */
export type SubscriptionKeys = { ecdh: ECDH; auth: Buffer; p256dh: string; authText: string };

export function makeSubscriptionKeys(): SubscriptionKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    ecdh,
    auth,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    authText: auth.toString('base64url'),
  };
}

/** RFC 8291 / RFC 8188: decrypts a single-record aes128gcm push body with the subscription's keys. */
export function decryptAes128gcm(body: Buffer, keys: SubscriptionKeys): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  if (record.length > recordSize) throw new Error('expected a single record');
  const ecdhSecret = keys.ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, keys.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record's plaintext ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('missing last-record padding delimiter');
  return padded.subarray(0, end).toString('utf8');
}

export type Jwt = { header: Record<string, unknown>; claims: Record<string, unknown> };

/** Splits a compact JWT and checks its signature with `key` (ES256 as raw r||s, or RS256). */
export function verifyJwt(jwt: string, key: Parameters<typeof verify>[2], algorithm: 'ES256' | 'RS256'): Jwt {
  const [header, claims, signature] = jwt.split('.');
  if (!header || !claims || !signature) throw new Error('not a compact JWT');
  const signed = Buffer.from(`${header}.${claims}`);
  const sig = Buffer.from(signature, 'base64url');
  const ok =
    algorithm === 'ES256'
      ? verify('sha256', signed, { key: key as never, dsaEncoding: 'ieee-p1363' }, sig)
      : verify('RSA-SHA256', signed, key, sig);
  if (!ok) throw new Error('JWT signature does not verify');
  const decode = (part: string) =>
    JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
  return { header: decode(header), claims: decode(claims) };
}

/**
 * RFC 8292: `Authorization: vapid t=<JWT>, k=<public key>`; verifies the JWT with k (a raw P-256
 * point) and returns it with the key.
 */
export function verifyVapidHeader(authorization: string | undefined): Jwt & { publicKey: string } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match?.[1] || !match[2]) throw new Error(`not a VAPID authorization: ${authorization ?? '(none)'}`);
  const point = Buffer.from(match[2], 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  return { ...verifyJwt(match[1], key, 'ES256'), publicKey: match[2] };
}
