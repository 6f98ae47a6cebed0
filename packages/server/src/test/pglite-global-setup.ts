import type { TestProject } from 'vitest/node';
import { buildPgliteTemplate } from './template.ts';

/** Builds the migrated PGlite every test database of this run is copied from (test/template.ts). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const template = await buildPgliteTemplate();
  project.provide('pgliteTemplateFile', template.file);
  return () => template.remove();
}
