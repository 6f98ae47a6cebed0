import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.join(import.meta.dirname, '..', '..', '..', '..');
const MODULE = path.join(import.meta.dirname, 'start-up-loop.ts');

/**
 * Runs `body` as a module in its own node process with holdEventLoop imported; resolves what it
 * printed once it exits. An unref'd timer fires only while something else keeps the loop alive.
 */
function runChild(body: string): Promise<string> {
  const script = `import { holdEventLoop } from ${JSON.stringify(MODULE)};\n${body}`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '--eval', script], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('close', () => resolve(output)));
}

describe('the event loop held while the server starts', () => {
  it('R-OPS-24: while held, a loop with nothing else to do keeps turning until the hold is released', async () => {
    const output = await runChild(`
      const release = holdEventLoop();
      setTimeout(() => { console.log('still running'); release(); }, 200).unref();
      process.on('exit', () => console.log('exited'));`);
    expect(output).toBe('still running\nexited\n');
  });

  it('R-OPS-24: without the hold the same process ends at once (what the hold prevents)', async () => {
    const output = await runChild(`
      setTimeout(() => console.log('still running'), 200).unref();
      process.on('exit', () => console.log('exited'));`);
    expect(output).toBe('exited\n');
  });
});
