// Layering check, run by `npm test` (stage "layers"): the import directions of
// docs/ARCHITECTURE.md. An arrow points at what a layer may import.
//   web:    routes/App -> pages -> components -> realtime, platform -> stores -> services -> navigation
//   server: routes -> services -> repos -> db; http/ and db/ below every domain; services throw the
//           domain errors of errors.ts, which http/errors.ts alone maps to status codes
//   shared: imports no other package
// The rules key on a file's role (its folder and layer), not on its name alone: every file of a
// domain folder that is not its routes, repo or plugin is service code. `scripts/check-layer-rules.mjs`
// runs them over `scripts/layers-fixture/`, a tree of known violations, and fails when a rule stops
// catching its own.
const WEB = '^packages/web/src/';
const SERVER = '^packages/server/src/';
const SHARED = '^packages/shared/src/';
// Tests may wire several layers together; the rules hold the shipped code.
const TESTS = '\\.test\\.tsx?$|/test/|\\.fixtures\\.ts$|/testing\\.ts$';

// Server roles. A domain is any folder of src/ that is not one of the shared layers below.
const SERVER_LAYERS = ['db', 'http', 'test', 'seed', 'cli'];
const DOMAIN = `${SERVER}(?!(?:${SERVER_LAYERS.join('|')})/)[^/]+/`;
/** The route plugins of a domain: `routes.ts` or a `routes/` folder. */
const ROUTES = `${SERVER}.+/routes(\\.ts$|/)`;
/** The only SQL: `repo.ts` or a `repo/` folder, at any depth of a domain (ops/backup/repo.ts). */
const REPO = `${SERVER}.+/repo(\\.ts$|/)`;
const PLUGIN = `${SERVER}[^/]+/plugin\\.ts$`;
/**
 * Where a domain meets Fastify and Socket.IO: its routes and plugin, its socket mapping and bus
 * subscribers (each takes the app), its `http/` folder at any depth (hooks, cookies, request helpers,
 * what it builds from the app) and the realtime server. Every other file of a domain folder, access/
 * and the repos included, is service code, so a new file is held to the service rules by default.
 */
const EDGE = [
  ROUTES,
  PLUGIN,
  `${SERVER}[^/]+/(sockets|subscriber)\\.ts$`,
  `${SERVER}.+/http/`,
  `${SERVER}realtime/`,
];
/** What speaks HTTP: the cross-cutting layer (its error helper above all) and Fastify itself. */
const HTTP = [`${SERVER}http/`, 'node_modules/fastify/', 'node_modules/@fastify/', 'node_modules/fastify-'];
/**
 * What a repo may import of the server: other repos, the tables, the access rule it writes into SQL
 * and the files' public paths. Everything else (service code, sockets, the bus, HTTP) sits above it.
 */
const REPO_MAY_IMPORT = [
  REPO,
  `${SERVER}db/`,
  `${SERVER}access/`,
  `${SERVER}files/urls\\.ts$`,
  `${SERVER}errors\\.ts$`,
];
/**
 * What the cross-cutting HTTP layer may import of the server: the kernel and the session guard.
 * A feature that answers HTTP itself belongs to its domain.
 */
const HTTP_MAY_IMPORT = [
  `${SERVER}http/`,
  `${SERVER}(config|context|types|paths|errors)\\.ts$`,
  `${SERVER}auth/http/guards\\.ts$`,
];

const WEB_TOP_DOWN = [
  'navigation/',
  'services/',
  'stores/',
  'realtime/|platform/',
  'components/',
  'pages/',
  'routes/|App\\.tsx|main\\.tsx',
];
/** A web layer may import the layers below it only. */
function webLayer(index) {
  const folder = WEB_TOP_DOWN[index];
  const above = WEB_TOP_DOWN.slice(index + 1);
  return {
    name: `web-${folder.split('/')[0]}-imports-only-lower-layers`,
    comment: `web ${folder} may not import ${above.join(', ')}: the layers read top-down.`,
    severity: 'error',
    from: { path: `${WEB}(${folder})`, pathNot: TESTS },
    to: { path: above.map((layer) => `${WEB}(${layer})`) },
  };
}

export default {
  forbidden: [
    ...WEB_TOP_DOWN.slice(0, -1).map((_, index) => webLayer(index)),
    {
      name: 'web-screens-not-network',
      comment:
        'Pages and components call store actions; only stores (and the wiring) reach services/api and services/http.',
      severity: 'error',
      from: { path: `${WEB}(pages|components)/`, pathNot: TESTS },
      to: { path: `${WEB}services/(api|http)/` },
    },
    {
      name: 'web-no-cycles',
      comment: 'An import cycle in the web client hides which layer owns what.',
      severity: 'error',
      from: { path: WEB },
      to: { circular: true },
    },
    {
      name: 'web-imports-no-server',
      comment:
        'The web client reaches the server through the shared route table and socket events only: it imports nothing of packages/server.',
      severity: 'error',
      from: { path: WEB },
      to: { path: '^packages/server/' },
    },
    {
      name: 'shared-imports-no-package',
      comment: '@stoop/shared is the bottom of both ends: it imports neither the server nor the web client.',
      severity: 'error',
      from: { path: SHARED },
      to: { path: ['^packages/server/', '^packages/web/'] },
    },
    {
      name: 'server-routes-not-repos',
      comment: 'Routes reach the data through their service, never a repo.',
      severity: 'error',
      from: { path: ROUTES, pathNot: TESTS },
      to: { path: REPO },
    },
    {
      name: 'server-only-plugins-import-routes',
      comment: "A domain's routes are registered by its plugin; nothing else imports them.",
      severity: 'error',
      from: { path: SERVER, pathNot: [ROUTES, PLUGIN, TESTS] },
      to: { path: ROUTES },
    },
    {
      name: 'server-repos-not-upward',
      comment: 'A repo talks to the database only: no service code, routes, sockets, bus or HTTP.',
      severity: 'error',
      from: { path: REPO, pathNot: TESTS },
      to: { path: SERVER, pathNot: REPO_MAY_IMPORT, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-only-repos-touch-drizzle',
      comment:
        'SQL lives in repositories: only db/ and repo files (repo.ts, repo/) import drizzle or the tables.',
      severity: 'error',
      from: { path: SERVER, pathNot: [`${SERVER}db/`, REPO, TESTS] },
      // Row types may travel (import type); queries may not.
      to: { path: ['node_modules/drizzle-orm/', `${SERVER}db/schema/`], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-service-not-other-domain-repo',
      comment: "A service reaches another domain's data through that domain's service, never its repo.",
      severity: 'error',
      // access/ is the kernel's rule module: it loads the row it judges (Zulip's access_*_by_id).
      from: {
        path: `${SERVER}([^/]+)/`,
        pathNot: [REPO, `${SERVER}access/`, TESTS],
      },
      to: {
        path: REPO,
        pathNot: `${SERVER}$1/`,
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'server-services-speak-no-http',
      comment:
        'Service code (every file of a domain outside its edge), access rules and repos throw the domain errors of errors.ts; only the edge (routes, plugin, sockets, subscribers, http/ folders) knows status codes and Fastify.',
      severity: 'error',
      from: { path: DOMAIN, pathNot: [...EDGE, TESTS] },
      to: { path: HTTP },
    },
    {
      name: 'server-http-is-cross-cutting',
      comment:
        'http/ serves every domain, so it imports none: only the kernel and the session guard. A feature moves into its domain.',
      severity: 'error',
      from: { path: `${SERVER}http/`, pathNot: TESTS },
      to: { path: SERVER, pathNot: HTTP_MAY_IMPORT, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-domains-no-cycles',
      comment: 'Domain code calls in one direction: a cycle means two files (or two domains) own one rule.',
      severity: 'error',
      from: { path: DOMAIN, pathNot: TESTS },
      to: { circular: true, path: DOMAIN, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'server-db-not-upward',
      comment: 'db/ is the bottom layer of the server: it imports no domain and no HTTP.',
      severity: 'error',
      from: { path: `${SERVER}db/`, pathNot: TESTS },
      to: { path: [DOMAIN, `${SERVER}http/`] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['/dist/', '/dev-dist/'] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
