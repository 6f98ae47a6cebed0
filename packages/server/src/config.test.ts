import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'stoop-config-'));

describe('config', () => {
  it('R-OPS-2: defaults to port 3000, PGlite under ./data and no Redis', () => {
    const config = loadConfig({ DATA_DIR: dataDir() });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
  });

  it.each([
    ['PORT', 'not-a-number'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'http://x'],
    ['PUBLIC_URL', 'not a url'],
    ['SMTP_URL', 'mail.example.com'],
    ['ADMIN_EMAIL', 'nobody'],
    ['ADMIN_PASSWORD', 'short'],
    ['SESSION_SECRET', 'too-short'],
    ['ATTACHMENT_MAX_BYTES', '-1'],
    ['LOG_LEVEL', 'loud'],
  ])('issue: a bad %s (%s) stops start-up with one line naming the variable', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dataDir(), [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(`Invalid environment variable ${name}`);
    expect(message).not.toContain('\n');
  });

  it('issue: SESSION_SECRET is generated once and kept in DATA_DIR when absent', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(second.SESSION_SECRET).toBe(first.SESSION_SECRET);
    expect(readFileSync(path.join(dir, 'session-secret'), 'utf8')).toBe(first.SESSION_SECRET);
  });

  it('R-SESSION-5: cookies are Secure when PUBLIC_URL is https', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://stoop.example' }).secureCookies).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'http://localhost:3000' }).secureCookies).toBe(
      false,
    );
  });

  it('TRUST_PROXY accepts true, a hop count or an address list', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: '10.0.0.0/8' }).TRUST_PROXY).toBe('10.0.0.0/8');
    expect(loadConfig({ DATA_DIR: dataDir() }).TRUST_PROXY).toBe(false);
  });

  it('R-BILL-3: STOOP_PLAN defaults to community, takes a known plan and names itself when unknown', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).STOOP_PLAN).toBe('community');
    expect(loadConfig({ DATA_DIR: dataDir(), STOOP_PLAN: 'campus' }).STOOP_PLAN).toBe('campus');
    expect(() => loadConfig({ DATA_DIR: dataDir(), STOOP_PLAN: 'gold' })).toThrow(
      /^Invalid environment variable STOOP_PLAN: must be one of community, building, campus$/,
    );
  });
});
