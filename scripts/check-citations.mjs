#!/usr/bin/env node
// Fails when a tracked source or doc file cites the old outside documents (SPEC.md / DESIGN.md, or
// `SPEC n` / `DESIGN` as a source) instead of docs/requirements.md, when it cites a requirement id
// that docs/requirements.md does not define, or when it links a decision record by a name that no
// longer exists, mentions a decision number that no record has, or names a file path that is no
// tracked file (scripts/mentions-lib.mjs). `node scripts/cite-requirements.mjs` rewrites the old
// citations. It also fails when a requirement id is named in more production files than
// MAX_FILES_PER_ID (scripts/id-spread-lib.mjs).
//
//   node scripts/check-citations.mjs [--root DIR] [path...]
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  OLD_CITATION,
  OLD_DECISION_NAME,
  REQUIREMENTS_FILE,
  REQUIREMENT_ID,
  definedRequirementIds,
  duplicateRequirementIds,
  listFiles,
  parseArgs,
} from './citations-lib.mjs';
import { idFiles, idSpreadProblems, idSpreadSelfTest } from './id-spread-lib.mjs';
import { PATH_MENTION_EXEMPT, decisionMentionProblems, decisionNumbers, pathIndex } from './mentions-lib.mjs';

const DECISION_LINK = /\b(?:docs\/decisions\/)?(\d{4}-[a-z0-9-]+\.md)\b/g;

const args = parseArgs(process.argv.slice(2), resolve(new URL('..', import.meta.url).pathname));
const root = resolve(args.root);
const known = definedRequirementIds(root);
const decisions = decisionNumbers(root);
const pathMentionProblems = pathIndex(root, listFiles(root, [], { all: true }));
const problems = duplicateRequirementIds(root).map(
  (id) => `${REQUIREMENTS_FILE}: ${id} starts more than one rule`,
);
let cited = 0;

// The requirements name the old documents on purpose, but their decisions and paths must hold too.
const requirementsChecked = args.paths.length === 0 || args.paths.includes(REQUIREMENTS_FILE);
for (const file of [...listFiles(root, args.paths), ...(requirementsChecked ? [REQUIREMENTS_FILE] : [])]) {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  lines.forEach((line, index) => {
    const where = `${file}:${index + 1}`;
    for (const problem of decisionMentionProblems(line, decisions)) problems.push(`${where}: ${problem}`);
    if (!PATH_MENTION_EXEMPT.test(file)) {
      for (const problem of pathMentionProblems(file, line)) problems.push(`${where}: ${problem}`);
    }
    if (file === REQUIREMENTS_FILE) return;
    for (const match of line.matchAll(OLD_CITATION)) {
      problems.push(
        `${where}: cites ${match[0]} (outside the repository); cite docs/requirements.md ids instead`,
      );
    }
    for (const match of line.matchAll(REQUIREMENT_ID)) {
      cited++;
      if (!known.has(match[0])) problems.push(`${where}: ${match[0]} is not defined in docs/requirements.md`);
    }
    for (const match of line.matchAll(OLD_DECISION_NAME)) {
      problems.push(`${where}: ${match[0]} is a decision record's old name; it is numbered now`);
    }
    for (const match of line.matchAll(DECISION_LINK)) {
      if (!existsSync(join(root, 'docs/decisions', match[1]))) {
        problems.push(`${where}: docs/decisions/${match[1]} does not exist`);
      }
    }
  });
}

// The spread is a property of the whole tree: checked only when no paths narrow the run.
if (args.paths.length === 0) {
  problems.push(...idSpreadSelfTest());
  problems.push(...idSpreadProblems(idFiles(root, listFiles(root))));
}

for (const problem of problems) console.log(problem);
console.log(
  problems.length === 0
    ? `citations: ${cited} requirement id(s) cited, all defined; no citation of SPEC.md or DESIGN.md; every decision and file path named exists; no id spread over more production files than allowed.`
    : `citations: ${problems.length} problem(s). Run node scripts/cite-requirements.mjs to rewrite old citations.`,
);
process.exit(problems.length === 0 ? 0 : 1);
