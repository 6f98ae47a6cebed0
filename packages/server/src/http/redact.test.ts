import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { createTestDatabase } from '../test/database.ts';
import { redactUrl } from './redact.ts';

describe('R-OPS-20: secrets in addresses never reach the log', () => {
  it('redacts a webhook secret, a calendar feed token and token/secret query values', () => {
    expect(redactUrl('/api/hooks/0190c0c0-0000-7000-8000-000000000001/s3cr3t-value?x=1')).toBe(
      '/api/hooks/0190c0c0-0000-7000-8000-000000000001/[redacted]?x=1',
    );
    expect(redactUrl('/api/calendar/feedtoken123.ics')).toBe('/api/calendar/[redacted].ics');
    expect(redactUrl('/api/calendar/feed-url')).toBe('/api/calendar/feed-url');
    expect(redactUrl('/api/unregister-push-token?token=abc&platform=ios')).toBe(
      '/api/unregister-push-token?token=[redacted]&platform=ios',
    );
    expect(redactUrl('/api/events?from=2026-01-01T00:00:00Z')).toBe('/api/events?from=2026-01-01T00:00:00Z');
  });

  it('a request to a webhook and to a feed logs its address without the secret', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const database = await createTestDatabase();
    const config = loadConfig({
      LOG_LEVEL: 'info',
      SESSION_SECRET: 'test-session-secret-that-is-long-enough-000',
      WEB_DIST_DIR: '/nonexistent-web-dist',
    });
    const app = await buildApp(config, { database, logStream });
    try {
      await app.ready();
      await app.inject({
        method: 'POST',
        url: '/api/hooks/0190c0c0-0000-7000-8000-000000000001/hook-secret-xyz',
      });
      await app.inject({ method: 'GET', url: '/api/calendar/feed-token-xyz.ics' });
    } finally {
      await app.close();
      await database.close();
    }
    const log = lines.join('');
    expect(log).toContain('/api/hooks/0190c0c0-0000-7000-8000-000000000001/[redacted]');
    expect(log).toContain('/api/calendar/[redacted].ics');
    expect(log).not.toContain('hook-secret-xyz');
    expect(log).not.toContain('feed-token-xyz');
  });
});
