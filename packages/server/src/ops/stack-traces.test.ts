import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterEach, describe, expect, it } from 'vitest';

// R-OPS-11: the compiled server starts without --enable-source-maps; its stack traces still name
// the TypeScript source's lines. Run as the server runs: an esbuild bundle in a plain node process.
const STACK_TRACES = path.join(import.meta.dirname, 'stack-traces.ts');
const ENTRY = `import { mapBundleStackTraces } from ${JSON.stringify(STACK_TRACES)};

mapBundleStackTraces(import.meta.url);

function inner(): string {
  throw new Error('from the source');
}

try {
  inner();
} catch (error) {
  console.log((error as Error).stack);
}
`;

describe('mapBundleStackTraces', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  async function stackOfBundle(options: { sourcemap: boolean; nodeArgs?: string[] }): Promise<string> {
    dir = mkdtempSync(path.join(tmpdir(), 'stoop-stack-'));
    writeFileSync(path.join(dir, 'entry.ts'), ENTRY);
    const outfile = path.join(dir, 'dist', 'entry.mjs');
    await build({
      entryPoints: [path.join(dir, 'entry.ts')],
      outfile,
      bundle: true,
      format: 'esm',
      platform: 'node',
      sourcemap: options.sourcemap,
      sourcesContent: false,
      logLevel: 'silent',
    });
    const run = spawnSync(process.execPath, [...(options.nodeArgs ?? []), outfile], { encoding: 'utf8' });
    expect(run.status).toBe(0);
    return run.stdout;
  }

  it("names the source's file, line and column for the bundle's frames", async () => {
    const stack = await stackOfBundle({ sourcemap: true });
    expect(stack.split('\n')[0]).toBe('Error: from the source');
    expect(stack).toContain(`at inner (${path.join(dir, 'entry.ts')}:6:9)`);
    expect(stack).toContain(`${path.join(dir, 'entry.ts')}:10:3`);
    expect(stack).not.toContain('entry.mjs');
  });

  it("keeps the bundle's positions when there is no map", async () => {
    const stack = await stackOfBundle({ sourcemap: false });
    expect(stack.split('\n')[0]).toBe('Error: from the source');
    expect(stack).toMatch(/at inner \(file:\/\/.*\/dist\/entry\.mjs:\d+:\d+\)/);
  });

  it('leaves the mapping to node when it maps traces itself', async () => {
    const stack = await stackOfBundle({ sourcemap: true, nodeArgs: ['--enable-source-maps'] });
    expect(stack).toContain(`${path.join(dir, 'entry.ts')}:6:9`);
  });
});
