// Used by check-citations.mjs: decision records mentioned by number ("decision 0019", "decisions
// 0029 and 0030") and file paths named in comments and docs (`messages/repo/search.ts`) must exist,
// so a renamed or moved file cannot leave a stale pointer behind.
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

/** "decision 0019", "Decisions 0029 and 0030", "decisions 0004, 0008": every number. */
const DECISION_MENTION = /\bdecisions?\s+(\d{4}(?:(?:,\s*|\s+and\s+|\s+or\s+)\d{4})*)\b/gi;

/** A path with a folder and a file extension, not part of a longer path, URL or package scope. */
const PATH_MENTION =
  /(?<![\w./@-])((?:\.{1,2}\/)*(?:[\w.-]+\/)+[\w.-]+\.(?:ts|tsx|mjs|js|css|md|json|sql|html))(?![\w/])/g;

/**
 * Paths that name what a build, an install or the app at run time makes, not a tracked file: build
 * output, installed packages, the native projects' generated folders, a data folder named by its
 * variable (`DATA_DIR/server.json`).
 */
const GENERATED_SEGMENT = /(^|\/)(dist|\.vite|node_modules|assets|android|ios)\//;
const VARIABLE_FOLDER = /^[A-Z][A-Z_]*\//;

/** Records of their time, which name files as they were then. */
export const PATH_MENTION_EXEMPT = /^(docs\/decisions\/|bench\/RESULTS\.md$)/;

/** The numbers of the decision records in docs/decisions/. */
export function decisionNumbers(root) {
  const dir = join(root, 'docs/decisions');
  if (!existsSync(dir)) return new Set();
  return new Set(
    readdirSync(dir)
      .map((name) => /^(\d{4})-/.exec(name)?.[1])
      .filter(Boolean),
  );
}

/** Problems with the decision numbers mentioned on one line. */
export function decisionMentionProblems(line, decisions) {
  const problems = [];
  for (const match of line.matchAll(DECISION_MENTION)) {
    for (const number of match[1].match(/\d{4}/g)) {
      if (!decisions.has(number)) problems.push(`decision ${number} does not exist in docs/decisions/`);
    }
  }
  return problems;
}

/**
 * Knows the tracked files, and whether a mentioned path is one of them: a relative path from the
 * mentioning file's folder, any other path as the end of a tracked file's path
 * (`messages/repo.ts`, `packages/server/src/messages/repo.ts`) or from the repository's root.
 */
export function pathIndex(root, files) {
  const tracked = new Set(files);
  const suffixes = new Set();
  for (const file of files) {
    const parts = file.split('/');
    for (let i = 0; i < parts.length; i++) suffixes.add(parts.slice(i).join('/'));
  }
  /** Problems with the file paths mentioned on one line of `file`. */
  return function pathMentionProblems(file, line) {
    const problems = [];
    for (const match of line.matchAll(PATH_MENTION)) {
      const mentioned = match[1];
      if (GENERATED_SEGMENT.test(mentioned) || VARIABLE_FOLDER.test(mentioned)) continue;
      if (mentioned.startsWith('.')) {
        const fromFile = normalize(join(dirname(file), mentioned));
        if (tracked.has(fromFile) || tracked.has(normalize(mentioned))) continue;
      } else if (suffixes.has(mentioned)) continue;
      // A package's own file (`tailwindcss/theme.css`, `zod/v4/core/core.js`).
      else if (existsSync(join(root, 'node_modules', mentioned.split('/')[0]))) continue;
      problems.push(`names ${mentioned}, which is no tracked file`);
    }
    return problems;
  };
}
