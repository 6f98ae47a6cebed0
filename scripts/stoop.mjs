#!/usr/bin/env node
// `npm run stoop -- <command>`: the operator's command line (packages/server/src/cli.ts), run as
// compiled JavaScript like the server (rebuilt first when a source is newer than the build).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildServerIfStale, serverDistDir } from './build-server.mjs';

const status = await buildServerIfStale();
if (status !== 0) process.exit(status);
const cli = spawn(
  process.execPath,
  ['--enable-source-maps', join(serverDistDir, 'cli.js'), ...process.argv.slice(2)],
  {
    stdio: 'inherit',
  },
);
cli.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
