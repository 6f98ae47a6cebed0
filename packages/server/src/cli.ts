import { runCli } from './cli/run.ts';

/**
 * `npm run stoop -- <command>`: operator commands on the server's data. Reads the same
 * environment as the server; see `help`.
 */
async function main(argv: string[]): Promise<void> {
  const code = await runCli(argv, {
    env: process.env,
    output: { out: (text) => console.log(text), err: (text) => console.error(text) },
  });
  process.exitCode = code;
}

void main(process.argv.slice(2));
