/**
 * The dependency rules of the repository, checked by `pnpm depcheck` (and so by `.ci/run`).
 * docs/architecture.md draws the picture these rules hold in place.
 * @type {import('dependency-cruiser').IConfiguration}
 */

// NOTE: the test oracle is independent of the engine's arithmetic on purpose: the reference model,
// and the properties that compare against it compute with
// big.js directly, so a fault in money/ cannot hide itself in both the engine and its oracle.
const INDEPENDENT_ORACLE = [
  'src/calculate-plan.properties.test.ts', 'test/support/reference-model.ts',
].map((file) => `^packages/pricing-core/${file.replace(/\./g, '\\.')}$`);

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'Imports run one way; a cycle means two files are one concept or the arrow is wrong.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'pricing-core-imports-no-workspace-package',
      comment: 'pricing-core is the innermost package: it depends on big.js and zod only.',
      severity: 'error',
      from: { path: '^packages/pricing-core/' },
      to: { path: ['^packages/(billing-domain|http-adapter)/', '^@billing/(billing-domain|http-adapter)'] },
    },
    {
      name: 'billing-domain-knows-no-http',
      comment: 'HTTP is the adapter around billing-domain: no Hono, no http-adapter in it.',
      severity: 'error',
      from: { path: '^packages/billing-domain/' },
      to: { path: ['(^|/)node_modules/(hono|@hono/)', '^packages/http-adapter/', '^@billing/http-adapter', '^(hono|@hono/)'] },
    },
    {
      name: 'domain-core-imports-no-adapter',
      comment: 'billing-domain/src/domain is the core: storage, webhook parsing and drivers are adapters around it.',
      severity: 'error',
      from: { path: '^packages/billing-domain/src/domain/' },
      to: {
        path: [
          '^packages/billing-domain/src/(storage|webhooks|service|config)/',
          '(^|/)node_modules/(pg|pg-[^/]+|@electric-sql/pglite)/',
          '^(pg|@electric-sql/pglite)$',
        ],
      },
    },
    {
      name: 'client-knows-the-server-only-by-http',
      comment: 'The published client reaches the server over HTTP with types generated from its OpenAPI document: its src imports no workspace package (its scripts and tests may start the server).',
      severity: 'error',
      from: { path: '^packages/client/src/' },
      to: { path: ['^packages/(pricing-core|billing-domain|http-adapter)/', '^@billing/'] },
    },
    {
      name: 'big-js-only-in-money',
      comment: 'big.js lives behind the calculator in pricing-core/src/money.',
      severity: 'error',
      from: { pathNot: ['^packages/pricing-core/src/money/', ...INDEPENDENT_ORACLE] },
      to: { path: ['(^|/)node_modules/big\\.js/', '^big\\.js$', '(^|/)node_modules/@types/big\\.js/'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist/', '(^|/)coverage/'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.check.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['source', 'import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
