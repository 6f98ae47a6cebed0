import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { addSecurityHeaders } from './security-headers.ts';

/** The headers a bare Fastify app with the security headers answers with (app.test covers buildApp). */
async function headersAt(publicUrl: string | undefined) {
  const app = Fastify();
  addSecurityHeaders(app, { publicUrl });
  app.get('/', () => ({ ok: true }));
  try {
    return (await app.inject({ method: 'GET', url: '/' })).headers;
  } finally {
    await app.close();
  }
}

const directive = (csp: unknown, name: string) =>
  String(csp)
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name} `));

describe('security headers', () => {
  it('plain http: no HSTS and no upgrade-insecure-requests', async () => {
    const headers = await headersAt('http://stoop.test');
    expect(headers['strict-transport-security']).toBeUndefined();
    expect(String(headers['content-security-policy'])).not.toContain('upgrade-insecure-requests');
  });

  it('https: HSTS and upgrade-insecure-requests', async () => {
    const headers = await headersAt('https://stoop.example');
    expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
    expect(String(headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });

  it('one framing rule: frame-ancestors none and X-Frame-Options DENY', async () => {
    const headers = await headersAt('http://stoop.test');
    expect(directive(headers['content-security-policy'], 'frame-ancestors')).toBe("frame-ancestors 'none'");
    expect(headers['x-frame-options']).toBe('DENY');
  });

  it('connect-src names only the own origin and its WebSocket form', async () => {
    const headers = await headersAt('https://stoop.example:8443');
    expect(directive(headers['content-security-policy'], 'connect-src')).toBe(
      "connect-src 'self' https://stoop.example:8443 wss://stoop.example:8443",
    );
    const plain = await headersAt('http://stoop.test');
    expect(directive(plain['content-security-policy'], 'connect-src')).toBe(
      "connect-src 'self' http://stoop.test ws://stoop.test",
    );
    const unset = await headersAt(undefined);
    expect(directive(unset['content-security-policy'], 'connect-src')).toBe("connect-src 'self'");
    expect(unset['strict-transport-security']).toBeUndefined();
  });
});
