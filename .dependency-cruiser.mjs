// Layering check, run by `npm test` (stage "layers"): the import directions of
// docs/ARCHITECTURE.md. An arrow points at what a layer may import.
//   web:    routes/App -> pages -> components -> realtime, platform -> stores -> services -> navigation
//   server: routes -> services -> repos -> db
//   shared: imports no other package
const WEB = '^packages/web/src/';
const SERVER = '^packages/server/src/';
const SHARED = '^packages/shared/src/';
// Tests may wire several layers together; the rules hold the shipped code.
const TESTS = '\\.test\\.tsx?$|/test/|\\.fixtures\\.ts$|/testing\\.ts$';
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
      name: 'web-no-cycles',
      comment: 'An import cycle in the web client hides which layer owns what.',
      severity: 'error',
      from: { path: WEB },
      to: { circular: true },
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
      from: { path: `${SERVER}[^/]+/routes\\.ts$` },
      to: { path: `${SERVER}[^/]+/repo\\.ts$` },
    },
    {
      name: 'server-routes-not-drizzle',
      comment: 'Routes never touch drizzle-orm or the drizzle tables.',
      severity: 'error',
      from: { path: `${SERVER}[^/]+/routes\\.ts$` },
      to: { path: ['node_modules/drizzle-orm/', `${SERVER}db/`] },
    },
    {
      name: 'server-services-not-routes',
      comment: 'A service never imports routes.',
      severity: 'error',
      from: { path: `${SERVER}[^/]+/service\\.ts$` },
      to: { path: `${SERVER}[^/]+/routes\\.ts$` },
    },
    {
      name: 'server-repos-not-upward',
      comment: 'A repo talks to the database only: no services, no routes.',
      severity: 'error',
      from: { path: `${SERVER}[^/]+/repo\\.ts$` },
      to: { path: `${SERVER}[^/]+/(service|routes)\\.ts$` },
    },
    {
      name: 'server-only-repos-touch-drizzle',
      comment:
        'SQL lives in repositories: only db/ and repo files (repo.ts, repo/) import drizzle or the tables.',
      severity: 'error',
      from: { path: SERVER, pathNot: [`${SERVER}db/`, '/repo\\.ts$', '/repo/', TESTS] },
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
        pathNot: [`${SERVER}[^/]+/repo(\\.ts$|/)`, `${SERVER}access/`, TESTS],
      },
      to: {
        path: `${SERVER}[^/]+/repo(\\.ts$|/)`,
        pathNot: `${SERVER}$1/`,
        dependencyTypesNot: ['type-only'],
      },
    },
    {
      name: 'server-services-no-cycles',
      comment: 'Domain services call each other in one direction: a cycle means two domains own one rule.',
      severity: 'error',
      from: { path: `${SERVER}[^/]+/service\\.ts$` },
      to: { circular: true, path: `${SERVER}[^/]+/service\\.ts$` },
    },
    {
      name: 'server-db-not-upward',
      comment: 'db/ is the bottom layer of the server.',
      severity: 'error',
      from: { path: `${SERVER}db/`, pathNot: TESTS },
      to: { path: `${SERVER}[^/]+/(repo|service|routes)\\.ts$` },
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
