import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { beginDrain } from './ops/http/drain.ts';
import { acceptInParallel } from './limits/accept-handles.ts';
import { listenOptions } from './limits/listen.ts';
import { limitHeapGrowth } from './ops/memory.ts';
import { holdEventLoop } from './ops/start-up-loop.ts';
import { mapBundleStackTraces } from './ops/stack-traces.ts';
import { checkServerMode } from './ops/server-mode.ts';
import { credentialsBox, ensureAdmin } from './seed/admin.ts';
import { seedDemo } from './seed/demo.ts';
import { DEMO_PASSWORD } from './seed/residents.ts';

/** Runs as packages/server/dist/main.js (`npm start [-- --demo]`): migrate, first admin, demo seed, listen. */
async function main(): Promise<void> {
  const releaseEventLoop = holdEventLoop();
  try {
    await start();
  } finally {
    releaseEventLoop();
  }
}

/** Everything up to the server listening on every descriptor. */
async function start(): Promise<void> {
  mapBundleStackTraces(import.meta.url);
  limitHeapGrowth();
  let config: Config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // Server mode refuses to start without the secrets every instance must share.
  const serverMode = checkServerMode(config, process.env);
  for (const problem of serverMode.problems) console.error(problem);
  if (serverMode.problems.length > 0) process.exit(1);
  for (const warning of serverMode.warnings) console.warn(warning);

  const app = await buildApp(config); // opens the database and applies migrations
  const admin = await ensureAdmin(app.db, config);
  if (admin.generatedPassword)
    console.log(`\n${credentialsBox(admin.user.email, admin.generatedPassword)}\n`);
  else if (admin.created) console.log(`Created the admin account ${admin.user.email}.`);

  if (process.argv.includes('--demo') || config.DEMO) {
    const { residents } = await seedDemo(app, { admin: admin.user });
    console.log(
      `Demo community ready: ${residents.length} residents, password "${DEMO_PASSWORD}" (e.g. ${residents[0]?.email ?? ''}).`,
    );
  }

  // Graceful shutdown. Drain (readiness 503, sockets told), then app.close(): no new
  // connections, sockets closed, in-flight requests and queued sends finished, pools closed.
  let closing = false;
  let stopAcceptHandles = () => {};
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      console.error(`Shutdown did not finish within ${config.SHUTDOWN_TIMEOUT_MS} ms; exiting.`);
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS).unref();
    beginDrain(app, config.SHUTDOWN_DRAIN_MS)
      .then(() => {
        stopAcceptHandles();
        return app.close();
      })
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen(listenOptions(config));
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  // The harnesses that start a server wait for this line (scripts/build-server.mjs, serverListeningLine).
  console.log(`Stoop is running at http://localhost:${port}`);
  // Serving already; the further descriptors join a moment later (a child process's start).
  stopAcceptHandles = await acceptInParallel(
    app.server,
    config.LISTEN_ACCEPT_HANDLES - 1,
    config.LISTEN_BACKLOG,
    (message) => app.log.warn(message),
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
