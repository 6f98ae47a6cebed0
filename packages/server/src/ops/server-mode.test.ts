import { describe, expect, it } from 'vitest';
import { checkServerMode } from './server-mode.ts';

const secrets = {
  SESSION_SECRET: 'a-session-secret-that-is-long-enough-0000',
  VAPID_PUBLIC_KEY: 'public',
  VAPID_PRIVATE_KEY: 'private',
};
const postgres = { DATABASE_URL: 'postgres://stoop@db/stoop', SMTP_URL: 'smtp://mail:25' };

describe('R-OPS-18: the settings server mode needs', () => {
  it('embedded mode needs none of them', () => {
    expect(checkServerMode({ DATABASE_URL: undefined, SMTP_URL: undefined }, {})).toEqual({
      problems: [],
      warnings: [],
    });
  });

  it('server mode without a shared secret refuses to start, naming each missing one and how to make it', () => {
    const { problems } = checkServerMode(postgres, {
      SESSION_SECRET: secrets.SESSION_SECRET,
      VAPID_PUBLIC_KEY: ' ',
    });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/missing: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY\./);
    expect(problems[0]).toContain('npx web-push generate-vapid-keys');
    expect(problems[0]).not.toContain('openssl');
    expect(checkServerMode(postgres, {}).problems[0]).toMatch(/missing: SESSION_SECRET, VAPID_PUBLIC_KEY/);
  });

  it('server mode with every secret starts; without SMTP_URL it warns that mail would split between hosts', () => {
    expect(checkServerMode(postgres, secrets)).toEqual({ problems: [], warnings: [] });
    const { problems, warnings } = checkServerMode({ ...postgres, SMTP_URL: undefined }, secrets);
    expect(problems).toEqual([]);
    expect(warnings).toEqual([
      expect.stringMatching(/without SMTP_URL: each instance writes mail to its own/),
    ]);
  });
});
