import { existsSync, rmSync } from 'node:fs';
// @ts-expect-error -- plain ESM build helper without type declarations
import { buildWebIfStale } from '../../scripts/build-web.mjs';
import { CHROMIUM_PATH } from './browser.ts';
import { ensureServerBuilt, makeTemplateDataDir, TEMPLATE_DATA_DIR_VARIABLE } from './server.ts';

/**
 * Builds the web app and the server once before the e2e files run, and migrates one data folder
 * that every file's server starts from a copy of; a missing Chromium is loud, and fatal under CI.
 * Answers the teardown, which removes that folder.
 */
export default async function setup(): Promise<(() => void) | undefined> {
  if (!existsSync(CHROMIUM_PATH)) {
    const line = `SKIPPED: e2e suite — no Chromium at ${CHROMIUM_PATH}. Install it with: apt-get install -y chromium`;
    console.error(`\n${'!'.repeat(line.length)}\n${line}\n${'!'.repeat(line.length)}\n`);
    if (process.env.CI === 'true') throw new Error(line);
    return;
  }
  const status = (buildWebIfStale as () => number)();
  if (status !== 0) throw new Error(`web build failed with status ${status}`);
  await ensureServerBuilt();
  // Set before the test workers start, which inherit it.
  const template = await makeTemplateDataDir();
  process.env[TEMPLATE_DATA_DIR_VARIABLE] = template;
  return () => rmSync(template, { recursive: true, force: true });
}
