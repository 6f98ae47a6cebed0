import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { until } from '../realtime/testing.ts';

/** A real SMTP server inside the test process: every mail it takes, parsed (R-REACH-6 tests). */
export type TestSmtp = {
  /** SMTP_URL for the app. */
  url: string;
  mails: ParsedMail[];
  /** Raw header lines of each mail, as received. */
  raw: string[];
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
};

export async function startSmtp(): Promise<TestSmtp> {
  const mails: ParsedMail[] = [];
  const raw: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const source = Buffer.concat(chunks);
        raw.push(source.toString('utf8'));
        simpleParser(source)
          .then((mail) => {
            mails.push(mail);
            callback();
          })
          .catch((error: unknown) => callback(error as Error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    raw,
    waitFor: (count, timeoutMs = 8000) => until(() => mails.length >= count, timeoutMs),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
