import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineProject } from 'vitest/config';

/**
 * The web suite runs as two projects. Starting a jsdom page and importing React for every one of
 * some 80 files took about 1.8 s a file here, most of the suite's time; the files that need no
 * fresh page share one (`isolate: false`, project "web"). A file that replaces modules
 * (`vi.mock`, `vi.doMock`), re-imports them (`vi.resetModules`), fakes the clock
 * (`vi.useFakeTimers`) or says in a comment "This test needs a page of its own" runs on a page of
 * its own (project "web-isolated"), so what it changes never reaches another file. The clock
 * because work another file left running (the markdown renderer's first load, say) goes on into the
 * next one: a timer it set while that file's clock was fake is dropped with the fake clock, and the
 * module that waits for it (the markdown queue) waits for good.
 */
const SRC = path.join(import.meta.dirname, 'src');
const NEEDS_OWN_PAGE = /\bvi\.(?:mock|doMock|resetModules|useFakeTimers)\(|This test needs a page of its own/;

function testFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return /\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Test files of src/ that need a page of their own, relative to this package. */
function filesNeedingOwnPage(): string[] {
  return testFiles(SRC)
    .filter((file) => NEEDS_OWN_PAGE.test(readFileSync(file, 'utf8')))
    .map((file) => path.relative(import.meta.dirname, file));
}

/** The project of the files that share a page (`isolated: false`) or of those that need their own. */
export function webProject(isolated: boolean) {
  const own = filesNeedingOwnPage();
  return defineProject({
    plugins: [react()],
    test: {
      name: isolated ? 'web-isolated' : 'web',
      environment: 'jsdom',
      // Tests run in a new random order every run (the seed is printed): no test may lean on another.
      sequence: { shuffle: true },
      // A test that renders the message list takes about a second on a quiet machine and five
      // under a load of 25 on two cores: vitest's 5 s default fails such a test for the machine.
      testTimeout: 30_000,
      isolate: isolated,
      setupFiles: isolated
        ? ['src/test/patient-waits.ts']
        : ['src/test/patient-waits.ts', 'src/test/shared-page-setup.ts'],
      include: isolated ? own : ['src/**/*.test.ts', 'src/**/*.test.tsx'],
      exclude: isolated ? [] : [...own, '**/node_modules/**'],
    },
  });
}
