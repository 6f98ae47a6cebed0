#!/usr/bin/env node
// Fails when a tracked source or doc file cites the old outside documents (SPEC.md / DESIGN.md, or
// `SPEC n` / `DESIGN` as a source) instead of docs/requirements.md, when it cites a requirement id
// that docs/requirements.md does not define, or when it links a decision record by a name that no
// longer exists. `node scripts/cite-requirements.mjs` rewrites the old citations.
//
//   node scripts/check-citations.mjs [--root DIR] [path...]
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  OLD_CITATION,
  OLD_DECISION_NAME,
  REQUIREMENT_ID,
  definedRequirementIds,
  listFiles,
  parseArgs,
} from './citations-lib.mjs';

const DECISION_LINK = /\b(?:docs\/decisions\/)?(\d{4}-[a-z0-9-]+\.md)\b/g;

const args = parseArgs(process.argv.slice(2), resolve(new URL('..', import.meta.url).pathname));
const root = resolve(args.root);
const known = definedRequirementIds(root);
const problems = [];
let cited = 0;

for (const file of listFiles(root, args.paths)) {
  const lines = readFileSync(join(root, file), 'utf8').split('\n');
  lines.forEach((line, index) => {
    const where = `${file}:${index + 1}`;
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

for (const problem of problems) console.log(problem);
console.log(
  problems.length === 0
    ? `citations: ${cited} requirement id(s) cited, all defined; no citation of SPEC.md or DESIGN.md.`
    : `citations: ${problems.length} problem(s). Run node scripts/cite-requirements.mjs to rewrite old citations.`,
);
process.exit(problems.length === 0 ? 0 : 1);
