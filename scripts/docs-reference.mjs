#!/usr/bin/env node
// Writes docs/reference.md, the lists that would go stale if written by hand: the server's and the
// web client's folders, the web stores, the configuration variables of
// packages/server/src/config.ts with their defaults, and which socket rooms each domain event
// reaches. Run under tsx (it reads config.ts):
//   node --import tsx scripts/docs-reference.mjs          rewrite docs/reference.md
//   node --import tsx scripts/docs-reference.mjs --check  fail when it is not current (npm test)
import { readdirSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const OUT = 'docs/reference.md';
const SERVER = 'packages/server/src';
const WEB = 'packages/web/src';

const isShipped = (name) => /\.(ts|tsx|css)$/.test(name) && !/\.test\.tsx?$|\.fixtures\.ts$/.test(name);
const list = (dir) => readdirSync(join(root, dir)).sort();
const isDir = (path) => statSync(join(root, path)).isDirectory();

/** The first sentence of a file's leading doc comment, on one line; '' when it has none. */
function summaryOf(path) {
  const text = readFileSync(join(root, path), 'utf8');
  const comment = /\/\*\*([\s\S]*?)\*\//.exec(text)?.[1];
  if (!comment) return '';
  const prose = comment
    .split('\n')
    .map((line) => line.replace(/^\s*\*\s?/, '').trim())
    .filter((line) => line && !line.startsWith('@'))
    .join(' ');
  const sentence = /^.*?\.(?=\s|$)/.exec(prose)?.[0] ?? prose;
  const short = sentence.length > 140 ? `${sentence.slice(0, 139).replace(/\s+\S*$/, '')} …` : sentence;
  return short.replace(/[|*_]/g, (character) => `\\${character}`);
}

/**
 * One row per folder: what its first file's leading doc comment says, and the docs page it links.
 * Files are left out on purpose: they change with every feature, folders seldom.
 */
function folderRows(base) {
  const rows = [];
  for (const name of list(base)) {
    if (!isDir(`${base}/${name}`)) continue;
    const first = FIRST_FILES.map((file) => `${base}/${name}/${file}`).find((path) =>
      existsSync(join(root, path)),
    );
    const page = docsPageOf(`${base}/${name}`).replace('docs/', '');
    const told = first
      ? /^\/\/ How this folder works \(([^)]*)\)/.exec(readFileSync(join(root, first), 'utf8'))?.[1]
      : undefined;
    if (told && !(first.endsWith('/plugin.ts') && summaryOf(first))) {
      rows.push(
        `| \`${name}/\` | ${told[0].toUpperCase()}${told.slice(1)}. | ${page ? `[${page}](${page})` : ''} |`,
      );
      continue;
    }
    rows.push(`| \`${name}/\` | ${first ? summaryOf(first) : ''} | ${page ? `[${page}](${page})` : ''} |`);
  }
  return rows;
}

/** A folder's first file: its plugin, its index, or the file the others are built around. */
const FIRST_FILES = ['plugin.ts', 'index.ts', 'server.ts', 'client.ts', 'serve.ts', 'helpers.ts'];

/** The docs page a folder's first file links (`docs/<page>.md` named in its first line). */
function docsPageOf(folder) {
  for (const first of FIRST_FILES) {
    const path = `${folder}/${first}`;
    if (!existsSync(join(root, path))) continue;
    const firstLine = readFileSync(join(root, path), 'utf8').split('\n')[0];
    const page = /\bdocs\/[a-z-]+\.md\b/.exec(firstLine)?.[0];
    if (page) return page;
  }
  return '';
}

/** The configuration variables, their defaults and the comment above each in config.ts. */
async function configRows() {
  const { loadConfig } = await import(join(root, SERVER, 'config.ts'));
  const source = readFileSync(join(root, SERVER, 'config.ts'), 'utf8');
  const schema = source.slice(source.indexOf('const envSchema = z.object({'));
  const names = [...schema.slice(0, schema.indexOf('\n});')).matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map(
    (match) => match[1],
  );
  // The defaults as loadConfig resolves them for an empty environment in a neutral folder.
  const defaults = loadConfig({ DATA_DIR: '<DATA_DIR>', SESSION_SECRET: 'x'.repeat(32) });
  return names.map((name) => {
    const value = name === 'DATA_DIR' ? './data' : defaults[name];
    const shown =
      value === undefined || name === 'SESSION_SECRET' || (Array.isArray(value) && value.length === 0)
        ? ''
        : `\`${Array.isArray(value) ? value.join(',') : String(value)}\``.replace(root, '');
    return `| \`${name}\` | ${shown.includes('<DATA_DIR>') || shown.includes('/') ? shown.replace(/`.*\/(web\/dist)`/, '`packages/$1`') : shown} |`;
  });
}

const ROOM_NAMES = [
  [/conversationRoom\(/, '`conversation:<id>`'],
  [/userRoom\(/, '`user:<id>`'],
  [/sessionRoom\(|roomsOf\(/, '`session:<id>`'],
  [/ADMINS_ROOM/, '`admins`'],
  [/\bio\.emit\(|\?\s*io\s*:/, 'every socket'],
];

/**
 * Which rooms each domain event reaches, read from every `bus.on(...)` of the server's sockets.ts
 * files and realtime/: the rooms its handler names and the socket events it emits.
 */
function eventRows() {
  const files = [
    ...list(SERVER)
      .filter((name) => existsSync(join(root, SERVER, name, 'sockets.ts')))
      .map((name) => `${SERVER}/${name}/sockets.ts`),
    ...list(`${SERVER}/realtime`)
      .filter((name) => isShipped(name))
      .map((name) => `${SERVER}/realtime/${name}`),
  ];
  const rows = [];
  for (const file of files) {
    const text = readFileSync(join(root, file), 'utf8');
    const segments = text.split(/\bbus\.on\(/).slice(1);
    for (const segment of segments) {
      const literal = /^\s*'([^']+)'/.exec(segment)?.[1];
      // `bus.on(event, …)` over a list: the list's names (MESSAGE_EVENTS).
      const events = literal
        ? [literal]
        : [...(/=\s*\[([^\]]*)\]\s*as const/.exec(text)?.[1] ?? '').matchAll(/'([^']+)'/g)].map((m) => m[1]);
      const rooms = ROOM_NAMES.filter(([pattern]) => pattern.test(segment)).map(([, name]) => name);
      const emitted = [...new Set([...segment.matchAll(/\.emit\(\s*'([^']+)'/g)].map((m) => m[1]))];
      if (/disconnectSockets/.test(segment)) emitted.push('(disconnect)');
      const socketEvents = literal ? emitted : ['the same name'];
      for (const event of events) {
        rows.push(
          `| \`${event}\` | ${rooms.join(', ')} | ${socketEvents.map((e) => (e.startsWith('(') || e.includes(' ') ? e : `\`${e}\``)).join(', ')} | \`${file.replace(`${SERVER}/`, '')}\` |`,
        );
      }
    }
  }
  return rows.sort();
}

const storeRows = list(`${WEB}/stores`)
  .filter(isShipped)
  .map((name) => `| \`${name.replace(/\.ts$/, '')}\` | ${summaryOf(`${WEB}/stores/${name}`)} |`);

const text = [
  '# Reference',
  '',
  '<!-- Written by scripts/docs-reference.mjs from the code; `npm test` fails when it is not current. -->',
  '',
  'Lists read from the code by `scripts/docs-reference.mjs`; `npm test` fails when this page is not',
  "current, so edit the code (or a file's first doc comment) and run",
  '`node --import tsx scripts/docs-reference.mjs`. The ideas are in [ARCHITECTURE.md](ARCHITECTURE.md).',
  '',
  '## Server folders (`packages/server/src/`)',
  '',
  '| folder | what its first file says | page |',
  '| ------ | ------------------------ | ---- |',
  ...folderRows(SERVER),
  '',
  '## Web folders (`packages/web/src/`)',
  '',
  list(WEB)
    .filter((name) => isDir(`${WEB}/${name}`))
    .map((name) => `\`${name}/\``)
    .join(', ') + '; their layers are in [ARCHITECTURE.md](ARCHITECTURE.md).',
  '',
  '## Web stores (`packages/web/src/stores/`)',
  '',
  '| store | holds |',
  '| ----- | ----- |',
  ...storeRows,
  '',
  '## Configuration variables (`packages/server/src/config.ts`)',
  '',
  "With their defaults; the README's configuration table says what each does.",
  '',
  '| variable | default |',
  '| -------- | ------- |',
  ...(await configRows()),
  '',
  '## Domain events and socket rooms',
  '',
  'Each domain event on the bus (`src/bus.ts`), after commit, and the Socket.IO rooms and events its',
  'mapping sends it to (`src/realtime/rooms.ts` names the rooms).',
  '',
  '| domain event | rooms its mapping names | socket events | mapped in |',
  '| ------------ | ---------------------- | ------------- | --------- |',
  ...eventRows(),
  '',
].join('\n');

const prettier = await import('prettier');
const options = (await prettier.resolveConfig(join(root, OUT))) ?? {};
const formatted = await prettier.format(text, { ...options, parser: 'markdown' });
if (process.argv.includes('--check')) {
  const current = existsSync(join(root, OUT)) ? readFileSync(join(root, OUT), 'utf8') : '';
  if (current !== formatted) {
    console.log(`${OUT} is not current: run node --import tsx scripts/docs-reference.mjs`);
    process.exit(1);
  }
  console.log(`${OUT} is current.`);
} else {
  writeFileSync(join(root, OUT), formatted);
  console.log(`wrote ${OUT}`);
}
