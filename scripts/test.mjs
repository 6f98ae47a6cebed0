#!/usr/bin/env node
// `npm test`: every check and every suite, ending with one summary line.
// The static stages run one at a time: lint, type-check, format check, layering
// (dependency-cruiser, rules in .dependency-cruiser.mjs), dead code (knip, knip.jsonc) and the
// citation check. Beside them run the vitest projects: e2e in Chromium in one run; shared, server on
// PGlite, server on PostgreSQL, and web (on a shared page and on pages of their own) in the other;
// each run two files at a time.
// Then the mobile check (cap sync of the web build the e2e setup made into the android and ios
// projects).
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

// The type-check of the root project and of each workspace with a `typecheck` script (what
// `npm run typecheck` runs one after the other), as separate stages.
const workspaces = JSON.parse(readFileSync('package.json', 'utf8')).workspaces ?? [];
const typecheckStages = [
  ['type-check .', 'npx', ['tsc', '--noEmit', '-p', '.']],
  ...workspaces
    .filter((dir) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).scripts?.typecheck)
    .map((dir) => [`type-check ${dir}`, 'npm', ['run', '--silent', 'typecheck'], dir]),
];
// Lint first: the longest stage.
const stages = [
  ['lint', 'npx', ['eslint', '.', '--max-warnings', '0']],
  ...typecheckStages,
  ['format', 'npx', ['prettier', '--check', '--log-level', 'warn', '.']],
  ['layers', 'npm', ['run', '--silent', 'check:layers']],
  ['dead code', 'npm', ['run', '--silent', 'check:dead-code']],
  // Code and docs cite docs/requirements.md only, by ids that exist there.
  ['citations', process.execPath, ['scripts/check-citations.mjs']],
  // docs/reference.md (folders, stores, configuration, event rooms) is what the code says.
  ['docs', process.execPath, ['--import', 'tsx', 'scripts/docs-reference.mjs', '--check']],
];

/** Runs a stage with its output kept, and prints it whole when the stage ends. */
function runStage([name, cmd, args, cwd]) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const done = (ok) => {
      process.stdout.write(`\n=== ${name}\n${output}`);
      resolve(ok ? null : name);
    };
    child.on('error', (error) => {
      output += `${error.message}\n`;
      done(false);
    });
    child.on('close', (code) => done(code === 0));
  });
}

// The static stages run one at a time beside the test runs rather than before them: the test runs
// spend much of their time waiting on servers, databases and the browser (about 1.3 of 2 cores
// busy), so the stages fit into that room instead of adding some two minutes ahead of the tests.
// Each stage's output is printed whole when it ends.
const failedStages = [];
const staticStagesDone = (async () => {
  for (const stage of stages) {
    const failedName = await runStage(stage);
    if (failedName) failedStages.push(failedName);
  }
})();

console.log('\n=== tests (vitest: shared, server, server-pg, web, web-isolated, e2e)');
/** One vitest run with a JSON report; resolves its exit status and its counts. */
function runVitest(args) {
  const reportFile = join(mkdtempSync(join(tmpdir(), 'stoop-test-')), 'report.json');
  return new Promise((resolve) => {
    const child = spawn(
      'npx',
      ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${reportFile}`, ...args],
      { stdio: 'inherit' },
    );
    child.on('close', (status) => {
      const report = existsSync(reportFile) ? JSON.parse(readFileSync(reportFile, 'utf8')) : {};
      resolve({
        status,
        passed: report.numPassedTests ?? 0,
        failed: report.numFailedTests ?? 0,
        skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
        failures: failedTestNames(report),
      });
    });
  });
}
/** The start of a failed test's first error, so the summary says why as well as what. */
function firstLines(messages) {
  const text = stripVTControlCharacters(messages?.[0] ?? '');
  return text.split('\n').slice(0, 6).join('\n  ').slice(0, 800);
}
/** "file › test" and why, for each failed test (and each file that failed to load) in a JSON report. */
function failedTestNames(report) {
  const names = [];
  for (const file of report.testResults ?? []) {
    const path = file.name.replace(`${process.cwd()}/`, '');
    const failedTests = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failedTests)
      names.push(`${path} › ${test.fullName}\n  ${firstLines(test.failureMessages)}`);
    if (failedTests.length === 0 && file.status === 'failed')
      names.push(`${path} (${file.message ?? 'failed'})`);
  }
  return names;
}
const extra = process.argv.slice(2);
// Two runs side by side, with two workers each: the e2e files (a browser and a server each) and
// the other projects' files. With one worker a run, the two runs kept about 1.3 of the machine's 2
// cores busy (much of a test waits on a server, a database or the browser) and took some 28
// minutes each; two files at a time in each fill that room. In one run, vitest would hold the e2e
// files back until every other project's were done.
// Arguments (a project, a file) make it one run, as given.
const runs = await Promise.all(
  extra.length > 0
    ? [runVitest(extra)]
    : [
        runVitest(['--project', 'e2e', '--maxWorkers', '2']),
        runVitest(['--project', '!e2e', '--maxWorkers', '2']),
      ],
);
await staticStagesDone;
const passed = runs.reduce((sum, run) => sum + run.passed, 0);
const failed = runs.reduce((sum, run) => sum + run.failed, 0);
const skipped = runs.reduce((sum, run) => sum + run.skipped, 0);
if (runs.some((run) => run.status !== 0)) failedStages.push('tests');
// The names again at the very end, where a reader of the last lines of a long log finds them.
const failures = runs.flatMap((run) => run.failures);

// After the suites: the e2e setup has built the web app, which the mobile check syncs and inspects.
console.log('\n=== mobile (cap sync into android and ios)');
const mobile = spawnSync(process.execPath, ['scripts/check-mobile.mjs'], { stdio: 'inherit' });
if (mobile.status !== 0) failedStages.push('mobile');

console.log('');
for (const name of failures) console.log(`FAILED test: ${name}`);
if (failedStages.length > 0) console.log(`FAILED stages: ${failedStages.join(', ')}`);
if (process.env.CI === 'true' && skipped > 0) {
  console.log(`FAILED: ${skipped} test(s) skipped, and CI=true allows no skip.`);
  failedStages.push('skips');
}
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedStages.length > 0 ? 1 : 0);
