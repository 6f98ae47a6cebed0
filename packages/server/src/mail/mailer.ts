import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';

type MailMessage = { to: string; subject: string; text: string };

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
  if (config.SMTP_URL) {
    const transport = nodemailer.createTransport(config.SMTP_URL);
    return {
      async send(message) {
        await transport.sendMail({ from, ...message });
      },
      close: () => transport.close(),
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const dir = outboxDir(config);
  let counter = 0;
  return {
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(dir, { recursive: true });
      counter += 1;
      // Sortable file names: time, then a per-process counter for mails within the same millisecond.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(counter).padStart(4, '0')}.eml`;
      await writeFile(path.join(dir, name), info.message);
    },
    close: () => transport.close(),
  };
}
