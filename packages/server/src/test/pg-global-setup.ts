import type { TestProject } from 'vitest/node';
import { PG_SKIP_MESSAGE } from './database.ts';
import { buildPgTemplate } from './template.ts';

/**
 * Without TEST_DATABASE_URL the PostgreSQL project cannot run: say so loudly, and fail under CI so
 * a misconfigured pipeline never reports green without having touched PostgreSQL. With it, build
 * the migrated template every test database of this run is created from (test/template.ts).
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const template = await buildPgTemplate(adminUrl);
    project.provide('pgTemplateDatabase', template.name);
    return () => template.remove();
  }
  const line = '='.repeat(PG_SKIP_MESSAGE.length);
  console.warn(`\n${line}\n${PG_SKIP_MESSAGE}\n${line}\n`);
  if (process.env.CI === 'true') throw new Error(`${PG_SKIP_MESSAGE} (required when CI=true)`);
  return undefined;
}
