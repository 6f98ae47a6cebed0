import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createECDH } from 'node:crypto';
import path from 'node:path';
import { publicUrl, type Config } from '../config.ts';

export type VapidDetails = { subject: string; publicKey: string; privateKey: string };

const VAPID_FILE = 'vapid-keys.json';

/** Reads DATA_DIR/vapid-keys.json, creating it on first start: browsers' subscriptions are bound to the key. */
function persistedKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, VAPID_FILE);
  if (existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<
      Record<'publicKey' | 'privateKey', unknown>
    >;
    if (typeof stored.publicKey === 'string' && typeof stored.privateKey === 'string') {
      return { publicKey: stored.publicKey, privateKey: stored.privateKey };
    }
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = generateVapidKeys();
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/** The VAPID key pair from VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY (both or neither), else DATA_DIR's. */
export function resolveVapid(config: Config): VapidDetails {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = config;
  if (Boolean(publicKey) !== Boolean(privateKey)) {
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  const keys = publicKey && privateKey ? { publicKey, privateKey } : persistedKeys(config.DATA_DIR);
  const subject = vapidSubject(config);
  // Fail at boot, not at the first send.
  checkVapid(subject, keys.publicKey, keys.privateKey);
  return { subject, ...keys };
}

/**
 * A P-256 key pair as web-push makes it (`generateVAPIDKeys`): the uncompressed public point (65
 * bytes) and the private scalar (32 bytes), base64url. Made here with node:crypto so that a start
 * does not load web-push, which the first push loads (web-sender.ts).
 */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const curve = createECDH('prime256v1');
  curve.generateKeys();
  const scalar = curve.getPrivateKey();
  // A scalar with leading zero bytes may come out shorter; VAPID wants all 32.
  const privateKey = Buffer.concat([Buffer.alloc(Math.max(0, 32 - scalar.length)), scalar]);
  return {
    publicKey: curve.getPublicKey().toString('base64url'),
    privateKey: privateKey.toString('base64url'),
  };
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/**
 * What web-push checks before it signs (its vapid-helper: an https: or mailto: subject, base64url
 * keys without padding of 65 and 32 bytes), and that the private key is a usable P-256 scalar,
 * which web-push finds out only when it signs.
 */
export function checkVapid(subject: string, publicKey: string, privateKey: string): void {
  let protocol = '';
  try {
    protocol = new URL(subject).protocol;
  } catch {
    throw new Error(`The VAPID subject is not a valid URL: ${subject}`);
  }
  if (protocol !== 'https:' && protocol !== 'mailto:')
    throw new Error(`The VAPID subject is not an https: or mailto: URL: ${subject}`);
  const decoded = (key: string, name: string, bytes: number) => {
    const buffer = BASE64URL.test(key) ? Buffer.from(key, 'base64url') : Buffer.alloc(0);
    if (buffer.length !== bytes)
      throw new Error(`The VAPID ${name} key must be ${bytes} bytes in URL-safe base64 without "="`);
    return buffer;
  };
  decoded(publicKey, 'public', 65);
  const scalar = decoded(privateKey, 'private', 32);
  try {
    createECDH('prime256v1').setPrivateKey(scalar);
  } catch {
    throw new Error('The VAPID private key is not a P-256 private key');
  }
}

function vapidSubject(config: Config): string {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  if (config.ADMIN_EMAIL) return `mailto:${config.ADMIN_EMAIL}`;
  const base = new URL(publicUrl(config));
  // Push services accept only https: or mailto: subjects; postmaster@ exists on every mail domain.
  return base.protocol === 'https:' ? base.origin : `mailto:postmaster@${base.hostname}`;
}
