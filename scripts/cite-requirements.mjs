#!/usr/bin/env node
// Rewrites every citation of the old outside documents (SPEC.md as `SPEC n`, DESIGN.md as `DESIGN`)
// in tracked .ts/.tsx/.mjs/.js/.md files into the matching ids of docs/requirements.md, and links to
// decision records under their old names into the numbered names. The id comes from the citation's
// own words and its line (scripts/citation-rules.mjs). Idempotent: a second run changes nothing.
//
//   node scripts/cite-requirements.mjs [--root DIR] [--dry-run] [--no-format] [path...]
//
// Prints each change, the citations that only reached an area id (`-0`), and any left unmapped;
// exits 1 when one is left unmapped or an id it wrote does not exist. Changed files are run through
// prettier (tables and wrapped test names change width) unless --no-format.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import {
  DECISION_RENAMES,
  OLD_CITATION,
  OLD_DECISION_NAME,
  definedRequirementIds,
  listFiles,
  parseArgs,
} from './citations-lib.mjs';
import {
  DESIGN_QUALIFIERS,
  PHRASES,
  QUALIFIER_SECTIONS,
  RULES,
  SECTION_DEFAULTS,
} from './citation-rules.mjs';

const ALL_SECTIONS = ['1', '2', '3', '4', '5', '6', '7', '8', '9'];
const MAX_IDS_PER_SECTION = 3;
const MAX_IDS = 5;

/** Reads one citation starting at `start` (the S of SPEC or D of DESIGN): its end and sections. */
function parseCitation(line, start) {
  const word = line.startsWith('SPEC', start) ? 'SPEC' : 'DESIGN';
  let pos = start + word.length;
  let sections = [];
  const sticky = (pattern) => {
    pattern.lastIndex = pos;
    const match = pattern.exec(line);
    if (match) pos = pattern.lastIndex;
    return match;
  };
  if (word === 'DESIGN') {
    sections = ['D'];
    sticky(/\.md\b/y);
    const rest = line.slice(pos);
    const qualifier = DESIGN_QUALIFIERS.find((q) =>
      new RegExp(`^\\s+${q}(?=$|[:),'";]|\\s+\\()`, 'i').test(rest),
    );
    if (qualifier) sticky(new RegExp(`\\s+${qualifier}`, 'iy'));
  } else {
    const section = sticky(/\.md section (\d+)/y);
    if (section) sections = [section[1]];
    else {
      sticky(/\.md\b/y);
      const numbers = sticky(/\s+\d+(?:\s+guard)?(?:\s*(?:,|\+|\band\b)\s*\d+)*/y);
      if (numbers) sections = numbers[0].match(/\d+/g);
      else {
        const word = sticky(/\s+([a-z]+)(?=:)/y);
        sections = word && QUALIFIER_SECTIONS[word[1]] ? [QUALIFIER_SECTIONS[word[1]]] : ALL_SECTIONS;
      }
      if (numbers) sticky(/\s+[A-Za-z][\w-]*(?: [a-z][\w-]*)?(?=:)/y);
    }
  }
  sticky(/\s+"[^"\n]*"/y);
  return { end: pos, sections };
}

/** Ids for one set of sections: strong rules first, then weak ones, then the area default. */
function idsFor(sections, context) {
  const strongIds = [];
  const weakIds = [];
  const applies = (rule) =>
    sections.some((section) => rule.sections.includes(section)) && rule.pattern.test(context);
  const decisive = RULES.find((rule) => rule.only && applies(rule));
  if (decisive) return { ids: decisive.ids, areaOnly: false };
  for (const rule of RULES) {
    if (rule.only || !applies(rule)) continue;
    (rule.weak ? weakIds : strongIds).push(...rule.ids);
  }
  const ids = strongIds.length > 0 ? strongIds : weakIds;
  return { ids: [...new Set(ids)].slice(0, MAX_IDS_PER_SECTION), areaOnly: ids.length === 0 };
}

function mapCitation(original, sections, line) {
  const context = `${original} ${line}`.toLowerCase();
  const pooled = sections === ALL_SECTIONS;
  const groups = pooled ? [ALL_SECTIONS] : sections.map((section) => [section]);
  const ids = [];
  let areaOnly = false;
  for (const group of groups) {
    const found = idsFor(group, context);
    if (found.areaOnly) {
      areaOnly = true;
      ids.push(pooled ? 'R-SCOPE-0' : SECTION_DEFAULTS[group[0]]);
    } else ids.push(...found.ids);
  }
  return { ids: [...new Set(ids)].slice(0, MAX_IDS), areaOnly };
}

/** Collapses repeated ids in one list (`R-API-2, R-API-2` from `SPEC 7, DESIGN`). */
const dedupeIdLists = (line) =>
  line.replace(/R-[A-Z]+-\d+(?:(?:, | and |, and )R-[A-Z]+-\d+)+/g, (list) =>
    [...new Set(list.split(/, and |, | and /))].join(', '),
  );

export function rewriteLine(line) {
  let text = line;
  for (const [from, to] of PHRASES) text = text.split(from).join(to);
  const changes = [];
  let out = '';
  let last = 0;
  for (const match of text.matchAll(OLD_CITATION)) {
    if (match.index < last) continue;
    const parsed = parseCitation(text, match.index);
    const original = text.slice(match.index, parsed.end);
    const { ids, areaOnly } = mapCitation(original, parsed.sections, text);
    out += text.slice(last, match.index) + ids.join(', ');
    last = parsed.end;
    changes.push({ original, ids, areaOnly });
  }
  out += text.slice(last);
  return { text: dedupeIdLists(out), changes, phrased: text !== line };
}

function rewriteFile(content) {
  const lines = content.split('\n');
  const changes = [];
  const rewritten = lines.map((line, index) => {
    const renamed = line.replace(OLD_DECISION_NAME, (_, name) => `${DECISION_RENAMES[name]}.md`);
    const result = rewriteLine(renamed);
    for (const change of result.changes) changes.push({ line: index + 1, ...change });
    if (renamed !== line) changes.push({ line: index + 1, original: 'decision link', ids: ['renamed'] });
    return result.text;
  });
  return { content: rewritten.join('\n'), changes };
}

function main() {
  const args = parseArgs(process.argv.slice(2), resolve(new URL('..', import.meta.url).pathname));
  const root = resolve(args.root);
  const known = definedRequirementIds(root);
  const changedFiles = [];
  const areaOnly = [];
  const problems = [];
  let citations = 0;
  for (const file of listFiles(root, args.paths)) {
    const path = join(root, file);
    const before = readFileSync(path, 'utf8');
    const { content, changes } = rewriteFile(before);
    if (content === before) continue;
    changedFiles.push(file);
    for (const change of changes) {
      const where = `${file}:${change.line}`;
      console.log(`${where}: ${change.original} -> ${change.ids.join(', ')}`);
      if (change.original !== 'decision link') citations++;
      if (change.areaOnly) areaOnly.push(`${where}: ${change.original} -> ${change.ids.join(', ')}`);
      for (const id of change.ids)
        if (id !== 'renamed' && !known.has(id))
          problems.push(`${where}: ${id} is not in docs/requirements.md`);
    }
    content.split('\n').forEach((line, index) => {
      if (OLD_CITATION.test(line)) problems.push(`${file}:${index + 1}: left unmapped: ${line.trim()}`);
      OLD_CITATION.lastIndex = 0;
    });
    if (!args.flags.has('--dry-run')) writeFileSync(path, content);
  }
  console.log(
    `\n${citations} citation(s) rewritten in ${changedFiles.length} file(s)${args.flags.has('--dry-run') ? ' (dry run, nothing written)' : ''}.`,
  );
  console.log(`${areaOnly.length} mapped to an area id only${areaOnly.length ? ':' : '.'}`);
  for (const entry of areaOnly) console.log(`  ${entry}`);
  console.log(`${problems.length} unmapped or unknown${problems.length ? ':' : '.'}`);
  for (const problem of problems) console.log(`  ${problem}`);
  if (changedFiles.length > 0 && !args.flags.has('--dry-run') && !args.flags.has('--no-format')) {
    const prettier = createRequire(import.meta.url).resolve('prettier/bin/prettier.cjs');
    execFileSync(process.execPath, [prettier, '--write', '--log-level', 'warn', ...changedFiles], {
      cwd: root,
      stdio: 'inherit',
    });
  }
  process.exit(problems.length > 0 ? 1 : 0);
}

main();
