import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';
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
  const keys = webpush.generateVAPIDKeys();
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
  // web-push checks the key lengths and the subject's form: fail at boot, not at the first send.
  // (Not setVapidDetails: that is process-wide state; each send passes its app's details.)
  webpush.getVapidHeaders('https://push.invalid', subject, keys.publicKey, keys.privateKey, 'aes128gcm');
  return { subject, ...keys };
}

function vapidSubject(config: Config): string {
  if (config.VAPID_SUBJECT) return config.VAPID_SUBJECT;
  if (config.ADMIN_EMAIL) return `mailto:${config.ADMIN_EMAIL}`;
  const base = new URL(publicUrl(config));
  // Push services accept only https: or mailto: subjects; postmaster@ exists on every mail domain.
  return base.protocol === 'https:' ? base.origin : `mailto:postmaster@${base.hostname}`;
}
