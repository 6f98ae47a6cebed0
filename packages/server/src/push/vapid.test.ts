import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { checkVapid, generateVapidKeys } from './vapid.ts';

const SUBJECT = 'mailto:admin@stoop.test';

// R-PUSH-4: the key pair made without web-push is one web-push signs with; the boot check refuses
// what web-push would refuse at the first send.
describe('VAPID keys', () => {
  it('makes a pair that web-push accepts and signs with', () => {
    for (let i = 0; i < 20; i += 1) {
      const { publicKey, privateKey } = generateVapidKeys();
      expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
      expect(Buffer.from(privateKey, 'base64url')).toHaveLength(32);
      expect(() => checkVapid(SUBJECT, publicKey, privateKey)).not.toThrow();
      const headers = webpush.getVapidHeaders(
        'https://push.invalid',
        SUBJECT,
        publicKey,
        privateKey,
        'aes128gcm',
      );
      expect(headers.Authorization).toContain(`k=${publicKey}`);
    }
  });

  it("accepts web-push's own pairs", () => {
    const { publicKey, privateKey } = webpush.generateVAPIDKeys();
    expect(() => checkVapid(SUBJECT, publicKey, privateKey)).not.toThrow();
    expect(() => checkVapid('https://stoop.example', publicKey, privateKey)).not.toThrow();
  });

  it('refuses what web-push refuses: the subject, the lengths, padding', () => {
    const { publicKey, privateKey } = generateVapidKeys();
    const refusedByWebPush = (subject: string, pub: string, priv: string) => {
      expect(() =>
        webpush.getVapidHeaders('https://push.invalid', subject, pub, priv, 'aes128gcm'),
      ).toThrow();
      expect(() => checkVapid(subject, pub, priv)).toThrow(/VAPID/);
    };
    refusedByWebPush('admin@stoop.test', publicKey, privateKey);
    refusedByWebPush('http://stoop.example', publicKey, privateKey);
    refusedByWebPush(SUBJECT, publicKey.slice(2), privateKey);
    refusedByWebPush(SUBJECT, publicKey, privateKey.slice(2));
    refusedByWebPush(SUBJECT, publicKey, `${privateKey}=`);
    refusedByWebPush(SUBJECT, publicKey, 'public');
  });

  it('refuses a private key that is no P-256 scalar', () => {
    const { publicKey } = generateVapidKeys();
    expect(() => checkVapid(SUBJECT, publicKey, Buffer.alloc(32).toString('base64url'))).toThrow(/P-256/);
    expect(() => checkVapid(SUBJECT, publicKey, Buffer.alloc(32, 0xff).toString('base64url'))).toThrow(
      /P-256/,
    );
  });
});
