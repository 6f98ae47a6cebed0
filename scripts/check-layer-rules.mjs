#!/usr/bin/env node
// Checks the layering rules themselves (stage "layers" of `npm test`, after the check of the code):
// runs dependency-cruiser with `.dependency-cruiser.mjs` over `scripts/layers-fixture/`, a small
// tree laid out like the packages, and expects exactly the violations listed below. A rule that
// stops matching (a renamed folder, a regular expression that no longer fits) or starts matching
// what it should allow fails here, instead of letting code slip past it unnoticed.
// Each fixture file says in a comment which import is a known violation and which are allowed.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import config from '../.dependency-cruiser.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const fixture = fileURLToPath(new URL('layers-fixture/', import.meta.url));

/** rule: from → to, one per violation (a cycle is reported once, from its first file). */
const EXPECTED = [
  'server-db-not-upward: server/src/db/client.ts → server/src/polls/tally.ts',
  'server-domains-no-cycles: server/src/events/ics.ts → server/src/events/reminders.ts',
  'server-http-is-cross-cutting: server/src/http/feature.ts → server/src/polls/tally.ts',
  'server-only-plugins-import-routes: server/src/polls/sockets.ts → server/src/polls/routes.ts',
  'server-only-repos-touch-drizzle: server/src/polls/tally.ts → server/src/db/schema/polls.ts',
  'server-repos-not-upward: server/src/events/repo.ts → server/src/events/reminders.ts',
  'server-repos-not-upward: server/src/ops/backup/repo.ts → server/src/bus.ts',
  'server-routes-not-repos: server/src/polls/routes.ts → server/src/polls/repo.ts',
  'server-routes-not-repos: server/src/polls/routes/vote.ts → server/src/polls/repo/votes.ts',
  'server-services-speak-no-http: server/src/polls/service.ts → server/src/http/errors.ts',
  'server-services-speak-no-http: server/src/polls/service.ts → node_modules/fastify/fastify.js',
  'server-services-speak-no-http: server/src/polls/results.ts → node_modules/fastify/fastify.js',
  'server-services-speak-no-http: server/src/access/rules.ts → server/src/http/errors.ts',
  'server-services-speak-no-http: server/src/polls/repo/votes.ts → node_modules/fastify/fastify.js',
  'server-service-not-other-domain-repo: server/src/polls/tally.ts → server/src/events/repo.ts',
  'shared-imports-no-package: shared/src/index.ts → server/src/app.ts',
  'shared-imports-no-package: shared/src/index.ts → web/src/navigation/paths.ts',
  'web-imports-no-server: web/src/services/api/server-errors.ts → server/src/errors.ts',
  'web-components-imports-only-lower-layers: web/src/components/Card.tsx → web/src/pages/Home.tsx',
  'web-navigation-imports-only-lower-layers: web/src/navigation/paths.ts → web/src/services/http/client.ts',
  'web-no-cycles: web/src/realtime/dispatch.ts → web/src/realtime/socket.ts',
  'web-pages-imports-only-lower-layers: web/src/pages/About.tsx → web/src/routes/routes.tsx',
  'web-realtime-imports-only-lower-layers: web/src/platform/start.ts → web/src/components/Card.tsx',
  'web-screens-not-network: web/src/components/Card.tsx → web/src/services/http/client.ts',
  'web-screens-not-network: web/src/pages/Home.tsx → web/src/services/api/home-api.ts',
  'web-services-imports-only-lower-layers: web/src/services/ui/toast.ts → web/src/stores/toasts.ts',
  'web-stores-imports-only-lower-layers: web/src/stores/home.ts → web/src/realtime/socket.ts',
];

const run = spawnSync(
  process.execPath,
  [
    `${root}node_modules/dependency-cruiser/bin/dependency-cruise.mjs`,
    'packages',
    '--config',
    `${root}.dependency-cruiser.mjs`,
    '--output-type',
    'json',
  ],
  { cwd: fixture, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
);
if (!run.stdout) {
  console.log(run.stderr);
  process.exit(1);
}
// Packages resolve to the repository's node_modules, above the fixture: named from there.
const strip = (file) => file.replace(/^packages\//, '').replace(/^(\.\.\/)+(?=node_modules\/)/, '');
const found = JSON.parse(run.stdout)
  .summary.violations.map((v) => `${v.rule.name}: ${strip(v.from)} → ${strip(v.to)}`)
  .sort();
const expected = [...EXPECTED].sort();
const missed = expected.filter((line) => !found.includes(line));
const extra = found.filter((line) => !expected.includes(line));
for (const line of missed) console.log(`not caught any more: ${line}`);
for (const line of extra) console.log(`caught but allowed: ${line}`);
// Every rule has a violation in the fixture, so none can stop matching unseen.
const rules = new Set(expected.map((line) => line.split(':')[0]));
const untried = config.forbidden.map((rule) => rule.name).filter((name) => !rules.has(name));
for (const name of untried) console.log(`no known violation in the fixture: ${name}`);
console.log(
  missed.length + extra.length + untried.length === 0
    ? `layer rules: all ${expected.length} known violations of the fixture caught (${rules.size} rules), nothing else.`
    : `layer rules: ${missed.length} missed, ${extra.length} unexpected, ${untried.length} untried; see scripts/layers-fixture/.`,
);
process.exit(missed.length + extra.length + untried.length === 0 ? 0 : 1);
