#!/usr/bin/env node
// `npm start`: build the web app and the server when their sources are newer than the last build,
// then serve API, sockets and the web app on one port (embedded database unless DATABASE_URL is
// set). The server runs as compiled JavaScript (docs/decisions/0022-compiled-server.md).
// Arguments after `--` go to the server, e.g. `npm start -- --demo`.
import { spawn } from 'node:child_process';
import { buildServerIfStale, serverEnv, serverMainJs, serverNodeFlags } from './build-server.mjs';
import { buildWebIfStale } from './build-web.mjs';

const root = new URL('..', import.meta.url).pathname;
const status = buildWebIfStale() || (await buildServerIfStale());
if (status !== 0) process.exit(status);

const server = spawn(process.execPath, [...serverNodeFlags, serverMainJs, ...process.argv.slice(2)], {
  stdio: 'inherit',
  cwd: root,
  env: { ...serverEnv, ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
