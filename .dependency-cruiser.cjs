/**
 * Import rules of the Towerwatch monorepo (issue 11, docs/decisions/import-rules.md).
 * Run by `npm run check:deps` (part of `npm run check`). Each rule's `name` is what a failure prints;
 * its `comment` says why the rule exists. Paths are relative to the repository root.

 * There is no known-violations baseline: every violation fails the check.
 */

/** Every workspace's TypeScript sources. */
const WORKSPACES = '^(apps|packages|e2e|bench)/';

module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      severity: 'error',
      comment:
        'Two files import each other (directly or through others). A cycle makes load order matter and ' +
        'hides which file owns what: move the shared types or helpers into a leaf file both import.',
      from: { path: WORKSPACES },
      to: { circular: true },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      comment:
        'An import the resolver cannot find. Besides being a broken import, an unresolved file is ' +
        'invisible to every other rule here, so it must not pass silently.',
      from: { path: WORKSPACES },
      to: { couldNotResolve: true },
    },
    {
      name: 'web-feature-internals',
      severity: 'error',
      comment:
        "A web feature uses another feature only through that feature's public entry " +
        '`features/<g>/index.ts`, never its pages, components, hooks or api files directly.',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: {
        path: '^apps/web/src/features/[^/]+/',
        pathNot: ['^apps/web/src/features/$1/', '^apps/web/src/features/[^/]+/index\\.tsx?$'],
      },
    },
    {
      name: 'web-shared-imports-app-or-feature',
      severity: 'error',
      comment:
        'Shared web code (`lib/`, `ui/`) sits below the features and the app shell: it must not import ' +
        '`features/` or `app/`, or every feature would depend on every other through it.',
      from: { path: '^apps/web/src/(lib|ui)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-feature-imports-app',
      severity: 'error',
      comment:
        'Features are assembled by the app shell (`app/`: router, layouts, providers); a feature must ' +
        'not import the shell back.',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'server-module-internals',
      severity: 'error',
      comment:
        'A server module uses another module only through what it exports on purpose, ' +
        '`modules/<n>/index.ts` (its service, via the container), never its routes, repository or ' +
        'row files directly.',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'server-outside-imports-module-internals',
      severity: 'error',
      comment:
        'Server code outside `modules/` (kernel, ingest, live, alarms, jobs, auth, the composition root ' +
        '`composition*.ts` / `app.ts`, tests) reaches a module only through `modules/<n>/index.ts`. ' +
        'Shared building blocks belong in the kernel, not inside one module.',
      from: { path: '^apps/server/', pathNot: '^apps/server/src/modules/' },
      to: {
        path: '^apps/server/src/modules/',
        pathNot: '^apps/server/src/modules/[^/]+/index\\.ts$',
      },
    },
    {
      name: 'server-kernel-imports-module',
      severity: 'error',
      comment:
        'The server kernel (`kernel/`) and authentication (`auth/`) are what modules are built on; they ' +
        'import no module, not even its index.ts (docs/architecture-server.md "Allowed imports").',
      from: { path: '^apps/server/src/(kernel|auth)/' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'layering-domain',
      severity: 'error',
      comment: '`packages/domain` holds the product rules and depends on no other workspace.',
      from: { path: '^packages/domain/' },
      to: { path: WORKSPACES, pathNot: '^packages/domain/' },
    },
    {
      name: 'layering-contract',
      severity: 'error',
      comment: '`packages/contract` (endpoint, socket and MQTT schemas) builds on the domain only.',
      from: { path: '^packages/contract/' },
      to: { path: WORKSPACES, pathNot: '^packages/(contract|domain)/' },
    },
    {
      name: 'layering-packages-import-apps',
      severity: 'error',
      comment:
        'Shared packages (`packages/*`) sit below every app and the test/benchmark workspaces and ' +
        'never import them.',
      from: { path: '^packages/' },
      to: { path: '^(apps|e2e|bench)/' },
    },
    {
      name: 'layering-apps-import-each-other',
      severity: 'error',
      comment:
        'Apps never import each other: the server starts the simulator by path ' +
        '(`simulator-process.ts`), the web talks to the server over HTTP and the socket, sharing only ' +
        '`packages/*`.',
      from: { path: '^apps/([^/]+)/' },
      to: { path: '^apps/', pathNot: '^apps/$1/' },
    },
    {
      name: 'layering-bench-imports-apps',
      severity: 'error',
      comment:
        'The benchmarks measure the real server from outside: they start `apps/server/src/main.ts` as ' +
        'a child process by path and use only `packages/*`, never app code.',
      from: { path: '^bench/' },
      to: { path: '^(apps|e2e)/' },
    },
    {
      name: 'layering-e2e-imports-apps',
      severity: 'error',
      comment:
        'The browser tests start the real server by path and drive it from outside. Intended exception: ' +
        'they run simulator scenarios in-process through the simulator package entry ' +
        '(`@towerwatch/simulator`, i.e. `apps/simulator/src/index.ts`) to supply live data; ' +
        'nothing else of any app.',
      from: { path: '^e2e/' },
      to: { path: '^(apps|bench)/', pathNot: '^apps/simulator/src/index\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|results|\\.builds)/' },
    // Type-only imports count: a boundary or a cycle made of types is still a boundary or a cycle.
    tsPreCompilationDeps: true,
    // Workspace packages resolve through their package.json "exports" to their real src/ path.
    preserveSymlinks: false,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
      mainFields: ['module', 'main', 'types'],
    },
    skipAnalysisNotInRules: true,
  },
};
