// How far a requirement id spreads through production code (the non-test files of packages/*/src).
// An id stays where its rule is implemented, the function or constant that is the rule; tests carry
// theirs in their names, and a comment that only repeats an id or the code goes. Run by
// check-citations.mjs.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REQUIREMENT_ID } from './citations-lib.mjs';

/** The most production files one id may appear in: the rule's own, and its other end (server, web). */
export const MAX_FILES_PER_ID = 2;

/**
 * Ids named in more files than that when the bound came in, each with its count then. Each may only
 * shrink: the check fails when one grows, and when one fits the bound, so it leaves this list.
 */
export const SPREAD_TO_TRIM = {
  'R-UPLOAD-9': 3,
};

const PRODUCTION = /^packages\/[^/]+\/src\/.*\.(ts|tsx|css)$/;
const NOT_PRODUCTION = /\.test\.tsx?$|\/test\/|\/testing\.ts$|\.fixtures\.ts$/;

/** Whether `file` (relative to the repository) is shipped code. */
const isProduction = (file) => PRODUCTION.test(file) && !NOT_PRODUCTION.test(file);

/** Each id with the production files that name it. */
export function idFiles(root, files) {
  const byId = new Map();
  for (const file of files.filter(isProduction)) {
    for (const [id] of readFileSync(join(root, file), 'utf8').matchAll(REQUIREMENT_ID)) {
      if (!byId.has(id)) byId.set(id, new Set());
      byId.get(id).add(file);
    }
  }
  return byId;
}

/** The problems with the spread: an id in too many files, or an entry of SPREAD_TO_TRIM out of date. */
export function idSpreadProblems(byId, bound = MAX_FILES_PER_ID, toTrim = SPREAD_TO_TRIM) {
  const problems = [];
  for (const [id, files] of [...byId].sort(([a], [b]) => a.localeCompare(b))) {
    const allowed = Math.max(bound, toTrim[id] ?? 0);
    if (files.size > allowed) {
      problems.push(
        `${id} is named in ${files.size} production files (at most ${allowed}): keep it where the rule is implemented (${[...files].join(', ')})`,
      );
    }
  }
  for (const [id, count] of Object.entries(toTrim)) {
    const now = byId.get(id)?.size ?? 0;
    if (now <= bound)
      problems.push(`${id} fits the bound now: take it off SPREAD_TO_TRIM (scripts/id-spread-lib.mjs)`);
    else if (now < count)
      problems.push(
        `${id} is named in ${now} production files now: lower its SPREAD_TO_TRIM count to ${now}`,
      );
  }
  return problems;
}

/**
 * The spread check run over made-up cases with known answers, so a change that stops it finding an
 * over-spread id, or a stale SPREAD_TO_TRIM entry, fails the citation stage instead of passing quietly.
 * Answers what went wrong (empty when the check still works).
 */
export function idSpreadSelfTest() {
  // Ids built at run time, so the citation check does not read them as citations of rules.
  const id = (n) => ['R', 'SELFTEST', n].join('-');
  const files = (n) => new Set(Array.from({ length: n }, (_, i) => `packages/web/src/f${i}.ts`));
  const byId = new Map([
    [id(1), files(2)], // at the bound: fine
    [id(2), files(3)], // over the bound, not listed: a problem
    [id(3), files(4)], // listed at 4 and still 4: fine
    [id(4), files(3)], // listed at 4, now 3: lower its count
    [id(5), files(2)], // listed, now fits: take it off
    [id(6), files(5)], // listed at 4, grew to 5: a problem
  ]);
  const toTrim = { [id(3)]: 4, [id(4)]: 4, [id(5)]: 3, [id(6)]: 4 };
  const flagged = idSpreadProblems(byId, 2, toTrim).map((problem) => problem.split(' ')[0]);
  const expected = [id(2), id(6), id(4), id(5)];
  const same = flagged.length === expected.length && expected.every((name, i) => flagged[i] === name);
  return same
    ? []
    : [`id spread self-test: expected ${expected.join(', ')} flagged, got ${flagged.join(', ')}`];
}
