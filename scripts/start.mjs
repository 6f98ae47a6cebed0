#!/usr/bin/env node
// `npm start`: build the web app when its sources are newer than the last build, then serve
// API, sockets and the web app on one port (embedded database unless DATABASE_URL is set).
// Arguments after `--` go to the server, e.g. `npm start -- --demo`.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildWebIfStale } from './build-web.mjs';

const root = new URL('..', import.meta.url).pathname;
const status = buildWebIfStale();
if (status !== 0) process.exit(status);

const server = spawn(
  process.execPath,
  ['--import', 'tsx', join(root, 'packages/server/src/main.ts'), ...process.argv.slice(2)],
  { stdio: 'inherit', cwd: root },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
