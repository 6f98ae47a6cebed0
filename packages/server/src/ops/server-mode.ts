import type { Config } from '../config.ts';

/** What start-up found about the server-mode settings: problems stop the start, warnings are printed. */
export type ServerModeCheck = { problems: string[]; warnings: string[] };

/** The secrets every instance must share in server mode, and how an operator makes each once. */
const SHARED_SECRETS = [
  { name: 'SESSION_SECRET', make: 'openssl rand -base64 48' },
  { name: 'VAPID_PUBLIC_KEY', make: 'npx web-push generate-vapid-keys' },
  { name: 'VAPID_PRIVATE_KEY', make: 'npx web-push generate-vapid-keys' },
] as const;

/**
 * R-OPS-18: server mode (DATABASE_URL set) may run several instances, so a secret an instance
 * would otherwise generate into its own DATA_DIR must come from the environment, the same for all:
 * a CSRF token or calendar link signed by one instance must verify on another, and a push signed
 * by any instance must carry the key the browser subscribed with
 * (docs/decisions/0033-shared-secrets-in-server-mode.md). Mail without SMTP_URL would land in each
 * instance's own outbox, which still works on one instance: a warning, not a refusal.
 */
export function checkServerMode(
  config: Pick<Config, 'DATABASE_URL' | 'SMTP_URL'>,
  env: Record<string, string | undefined>,
): ServerModeCheck {
  if (!config.DATABASE_URL) return { problems: [], warnings: [] };
  const missing = SHARED_SECRETS.filter(({ name }) => !env[name]?.trim());
  const problems =
    missing.length === 0
      ? []
      : [
          `Server mode (DATABASE_URL is set) needs the same ${SHARED_SECRETS.map((s) => s.name).join(', ')} ` +
            `on every instance; missing: ${missing.map((s) => s.name).join(', ')}. Make them once ` +
            `(${[...new Set(missing.map((s) => s.make))].join('; ')}) and give every instance the same values ` +
            `(docs/operations.md, "Settings every instance shares").`,
        ];
  const warnings = config.SMTP_URL
    ? []
    : [
        'Warning: server mode without SMTP_URL: each instance writes mail to its own DATA_DIR/outbox, ' +
          'so sign-up and password-reset mail is split between hosts and reaches nobody. Set SMTP_URL.',
      ];
  return { problems, warnings };
}
