import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { dumpPgliteDataDir, type Database } from '../../db/client.ts';
import { errorBody } from '../../http/errors.ts';
import { mayTakeBackup } from './access.ts';

/** Written into DATA_DIR while a server holds the embedded database there (R-OPS-13). */
const RUNNING_FILE = 'server.json';

const runningSchema = z.object({
  pid: z.number().int().positive(),
  port: z.number().int().min(1).max(65535),
  token: z.string().min(32),
});
export type RunningServer = z.infer<typeof runningSchema>;

/** The loopback path the CLI asks for a copy of the running server's embedded database. */
export const LIVE_BACKUP_PATH = '/ops/backup';

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The server holding DATA_DIR's embedded database, if one runs: its file names a live process.
 * A file left by a killed server names a dead one and is ignored.
 */
export function runningServer(dataDir: string): RunningServer | undefined {
  let raw: string;
  try {
    raw = readFileSync(path.join(dataDir, RUNNING_FILE), 'utf8');
  } catch {
    return undefined;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  const running = runningSchema.safeParse(parsed);
  if (!running.success || !processAlive(running.data.pid)) return undefined;
  return running.data;
}

/**
 * R-OPS-13: an embedded (PGlite) database belongs to one process, so a backup taken while the
 * server runs must be taken by the server. It announces itself in DATA_DIR/server.json (port and
 * a fresh token, mode 0600) once listening, and answers POST /ops/backup from loopback with that
 * token by a copy of its data folder. Nothing is registered for PostgreSQL or an in-memory database.
 */
export function liveBackupRoutes(app: FastifyInstance, database: Database): void {
  if (database.kind !== 'pglite') return;
  const folder = database.client.dataDir;
  if (!folder || folder.startsWith('memory://')) return;
  const { client } = database;
  const token = randomBytes(32).toString('base64url');
  const file = path.join(app.config.DATA_DIR, RUNNING_FILE);

  app.addHook('onListen', (done) => {
    const address = app.server.address();
    if (typeof address === 'object' && address) {
      const running: RunningServer = { pid: process.pid, port: address.port, token };
      writeFileSync(file, `${JSON.stringify(running)}\n`, { mode: 0o600 });
    }
    done();
  });
  // First thing at shutdown: a backup asked for from now on opens the folder itself once we are gone.
  app.addHook('preClose', (done) => {
    rmSync(file, { force: true });
    done();
  });

  app.post(
    LIVE_BACKUP_PATH,
    { config: { rateLimit: false }, schema: { hide: true } },
    async (request, reply) => {
      if (!mayTakeBackup(request, token)) {
        return reply.status(404).send(errorBody(404, `No route POST ${LIVE_BACKUP_PATH}`, 'NOT_FOUND'));
      }
      const tar = await dumpPgliteDataDir(client);
      return reply.header('cache-control', 'no-store').type('application/x-tar').send(tar);
    },
  );
}
