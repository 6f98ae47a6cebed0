// Shared by cite-requirements.mjs (rewrites old citations) and check-citations.mjs (fails on them):
// which files count, how a citation of the old outside documents looks, and the ids that exist.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const REQUIREMENTS_FILE = 'docs/requirements.md';

/** Files that name the old documents on purpose: the requirements and the two citation scripts. */
export const EXEMPT_FILES = new Set([
  REQUIREMENTS_FILE,
  'scripts/citations-lib.mjs',
  'scripts/citation-rules.mjs',
  'scripts/cite-requirements.mjs',
  'scripts/check-citations.mjs',
]);

const SOURCE_FILE = /\.(ts|tsx|mjs|js|md|css)$/;
const SKIPPED_DIRS = new Set(['node_modules', '.git', 'dist', 'dev-dist', 'data', 'android', 'ios']);

/** The decision records as they were named before they were numbered, and their numbered names. */
export const DECISION_RENAMES = {
  'chat-channels-and-change-feed': '0001-chat-channels-and-change-feed',
  'web-chat-client': '0002-web-chat-client',
  '0001-server-foundation': '0003-server-foundation',
  'group-commit-for-sends': '0004-group-commit-for-sends',
  '0002-node-20-and-engine-warnings': '0005-node-20-and-engine-warnings',
  'one-statement-history-page': '0006-one-statement-history-page',
  'message-window-paging': '0007-message-window-paging',
  'socket-write-batching': '0008-socket-write-batching',
  'read-position-reports': '0009-read-position-reports',
  'json-text-sends': '0010-json-text-sends',
  'session-cache': '0011-session-cache',
  'history-page-as-text': '0012-history-page-as-text',
};

/** An old decision file name, not preceded by a name character (so a numbered name never matches). */
export const OLD_DECISION_NAME = new RegExp(
  `(?<![\\w-])(${Object.keys(DECISION_RENAMES)
    .map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|')})\\.md\\b`,
  'g',
);

/** A word that cites the old product documents: SPEC / DESIGN, with or without `.md`. */
export const OLD_CITATION = /\b(SPEC|DESIGN)\b/g;

/** A requirement id as cited (`R-GUARD-3`). */
export const REQUIREMENT_ID = /\bR-[A-Z]+-\d+\b/g;

/**
 * Tracked source and doc files under `root`, relative, with forward slashes; with `all`, every
 * tracked file (exempt or not, of any kind).
 */
export function listFiles(root, only = [], { all = false } = {}) {
  let files;
  try {
    files = execFileSync('git', ['-C', root, 'ls-files', '-z'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .split('\0')
      .filter(Boolean);
  } catch {
    files = walk(root).map((file) => relative(root, file).split(sep).join('/'));
  }
  return files
    .filter((file) => all || (SOURCE_FILE.test(file) && !EXEMPT_FILES.has(file)))
    .filter(
      (file) =>
        only.length === 0 ||
        only.some((prefix) => file === prefix || file.startsWith(prefix.replace(/\/?$/, '/'))),
    )
    .filter((file) => {
      try {
        return statSync(join(root, file)).isFile();
      } catch {
        return false; // listed by git but deleted in the working tree
      }
    })
    .sort();
}

function walk(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) found.push(...walk(join(dir, entry.name)));
    } else if (entry.isFile()) found.push(join(dir, entry.name));
  }
  return found;
}

/** Every id defined in docs/requirements.md (a bold `**R-AREA-n**` at the start of a rule). */
export function definedRequirementIds(root) {
  const text = readFileSync(join(root, REQUIREMENTS_FILE), 'utf8');
  return new Set([...text.matchAll(/\*\*(R-[A-Z]+-\d+)\*\*/g)].map((match) => match[1]));
}

/** Ids that start more than one rule in docs/requirements.md: a citation of one could mean either. */
export function duplicateRequirementIds(root) {
  const text = readFileSync(join(root, REQUIREMENTS_FILE), 'utf8');
  const seen = new Set();
  const twice = new Set();
  for (const [, id] of text.matchAll(/^- \*\*(R-[A-Z]+-\d+)\*\*/gm)) (seen.has(id) ? twice : seen).add(id);
  return [...twice];
}

/** Parses `--root DIR` and the remaining flags and paths of a script's command line. */
export function parseArgs(argv, defaultRoot) {
  const args = { root: defaultRoot, flags: new Set(), paths: [] };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--root') args.root = argv[++i];
    else if (argv[i].startsWith('--')) args.flags.add(argv[i]);
    else args.paths.push(argv[i]);
  }
  return args;
}
