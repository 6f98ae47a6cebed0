import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.ts';

type MailMessage = {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative to `text` (notification mails). */
  html?: string;
  /** Extra headers (List-Unsubscribe). */
  headers?: Record<string, string>;
  /** The sender's display name; the address stays the server's. */
  fromName?: string;
};

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

const FROM = 'Stoop <no-reply@stoop.local>';

/** Directory where mails land when no SMTP server is configured. */
export const outboxDir = (config: Pick<Config, 'DATA_DIR'>) => path.join(config.DATA_DIR, 'outbox');

/**
 * SMTP when SMTP_URL is set; otherwise each mail is written as an .eml file into DATA_DIR/outbox,
 * so a single-machine install (and the tests) can read reset links without a mail server.
 */
export function createMailer(config: Pick<Config, 'SMTP_URL' | 'DATA_DIR' | 'PUBLIC_URL'>): Mailer {
  const from = config.PUBLIC_URL ? `Stoop <no-reply@${new URL(config.PUBLIC_URL).hostname}>` : FROM;
  const smtpUrl = config.SMTP_URL;
  if (smtpUrl) {
    const transport = once(async () => (await loadNodemailer()).createTransport(smtpUrl));
    return {
      async send(message) {
        await (await transport.get()).sendMail(envelope(from, message));
      },
      close: () => void transport.made?.then((t) => t.close()),
    };
  }
  const transport = once(async () =>
    (await loadNodemailer()).createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  const dir = outboxDir(config);
  let counter = 0;
  return {
    async send(message) {
      const info = await (await transport.get()).sendMail(envelope(from, message));
      await mkdir(dir, { recursive: true });
      counter += 1;
      // Sortable file names: time, then a per-process counter for mails within the same millisecond.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(counter).padStart(4, '0')}.eml`;
      await writeFile(path.join(dir, name), info.message);
    },
    close: () => void transport.made?.then((t) => t.close()),
  };
}

/** The sender shows `fromName` when given ("Maple Court <no-reply@…>"). */
function envelope(from: string, { fromName, ...message }: MailMessage) {
  if (!fromName) return { from, ...message };
  const address = from.slice(from.indexOf('<') + 1, from.indexOf('>'));
  return { from: { name: fromName, address }, ...message };
}

// nodemailer loads with the first mail, not at start-up.
const loadNodemailer = async () => (await import('nodemailer')).default;

/** Makes a value on first use; `made` is the promise once it has been asked for. */
function once<T>(make: () => Promise<T>): { get(): Promise<T>; made: Promise<T> | undefined } {
  const holder: { get(): Promise<T>; made: Promise<T> | undefined } = {
    made: undefined,
    get: () => (holder.made ??= make()),
  };
  return holder;
}
