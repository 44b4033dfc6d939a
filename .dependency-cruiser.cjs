/**
 * The layering of the code (docs/architecture.md §10), checked by `npm run lint`. Type-only
 * imports count: a type is a dependency too.
 */
const feature = '^web/src/features/([^/]+)/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'shared-is-a-leaf',
      comment: 'shared/ is the contract both sides read; it imports nothing of the project.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { path: '^(functions|infra|web|test)/' },
    },
    {
      name: 'shared-imports-only-zod',
      comment:
        'shared/ is bundled into the browser app and into every Lambda: a package imported here lands in both, so it may use only zod and, for the TRON address checksum both sides check (shared/tron-address.ts), the dependency-free @scure/base and @noble/hashes.',
      severity: 'error',
      from: { path: '^shared/' },
      to: {
        dependencyTypes: [
          'npm',
          'npm-dev',
          'npm-optional',
          'npm-peer',
          'npm-bundled',
          'npm-no-pkg',
          'npm-unknown',
        ],
        pathNot: '^node_modules/(zod|@scure/base|@noble/hashes)/',
      },
    },
    {
      name: 'shared-has-no-node-builtins',
      comment:
        'shared/ runs in the browser too, which has no Node built-ins (node:crypto, fs, …); use web-standard globals.',
      severity: 'error',
      from: { path: '^shared/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'web-stays-in-the-browser',
      severity: 'error',
      from: { path: '^web/' },
      to: { path: '^(functions|infra|test)/' },
    },
    {
      name: 'functions-know-no-infra',
      comment: 'Functions run in Lambda; the stacks and the local stand-ins depend on them, not the reverse.',
      severity: 'error',
      from: { path: '^functions/' },
      to: { path: '^(infra|web|test)/' },
    },
    {
      name: 'commons-is-a-leaf',
      comment: 'Leaf utilities (config, logger, mailer, the error base class) know no other layer.',
      severity: 'error',
      from: { path: '^functions/commons/' },
      to: { path: '^functions/(?!commons/)' },
    },
    {
      name: 'data-below-domain',
      comment: 'The data layer stores and reads; business rules and HTTP live above it.',
      severity: 'error',
      from: { path: '^functions/data/' },
      to: {
        path: ['^functions/(domain|pipeline|handlers|routes|mail|jobs|seed|deploy)/', '^shared/routes/'],
      },
    },
    {
      name: 'domain-below-pipeline',
      comment: 'Domain code speaks no HTTP: it throws DomainErrors that the pipeline maps.',
      severity: 'error',
      from: { path: '^functions/(domain|mail)/' },
      to: { path: ['^functions/(pipeline|handlers|routes|jobs|deploy)/', '^shared/routes/'] },
    },
    {
      name: 'domain-stores-through-data',
      comment:
        'Data access belongs in functions/data/ (docs/architecture.md §4): the domain calls its named functions, never the SDK, the table client or the key builders.',
      severity: 'error',
      from: { path: '^functions/(domain|mail)/' },
      to: { path: ['^node_modules/@aws-sdk/', '^functions/data/(client|keys)\\.ts$'] },
    },
    {
      name: 'only-data-talks-to-dynamodb',
      comment:
        'functions/data/ is the only code of functions/ that talks to DynamoDB (docs/architecture.md §4): jobs, handlers, the pipeline and the seed store through its named functions.',
      severity: 'error',
      from: { path: '^functions/', pathNot: '^functions/data/' },
      to: { path: '^node_modules/@aws-sdk/(client-dynamodb|lib-dynamodb|util-dynamodb)/' },
    },
    {
      name: 'routes-are-declarations',
      comment:
        'Route entries (shared/routes/) hold schemas and names: they import the contract, the enums and their definition, nothing that runs; each handler bundle and the web carry them.',
      severity: 'error',
      from: { path: '^shared/routes/' },
      to: { path: '^shared/', pathNot: '^shared/(routes/|contract/|enums\\.ts$)' },
    },
    {
      name: 'manifest-runs-nothing',
      comment:
        'The manifest, matching and OpenAPI (functions/routes/) read the declarations; the stacks load them at synth, so they import no code that runs.',
      severity: 'error',
      from: { path: '^functions/routes/' },
      to: { path: '^functions/(?!routes/)' },
    },
    {
      name: 'handlers-call-the-domain',
      comment: 'A handler validates (pipeline), calls a named domain function and shapes the answer.',
      severity: 'error',
      from: { path: '^functions/(handlers|jobs|deploy)/' },
      to: { path: '^functions/data/' },
    },
    {
      name: 'pipeline-calls-the-domain',
      severity: 'error',
      from: { path: '^functions/pipeline/' },
      to: { path: '^functions/(data|handlers)/' },
    },
    {
      name: 'features-stand-alone',
      comment: 'A web feature imports shared components and lib, never another feature or the app shell.',
      severity: 'error',
      from: { path: feature },
      to: { path: ['^web/src/features/', '^web/src/app/'], pathNot: `${feature.replace('([^/]+)', '$1')}` },
    },
    {
      name: 'web-shared-code-knows-no-feature',
      comment:
        'lib, components, stores and config serve every feature and the app shell; they import neither (what two features share moves down here).',
      severity: 'error',
      from: { path: '^web/src/(lib|components|stores|config)/' },
      to: { path: '^web/src/(features|app)/' },
    },
    {
      name: 'no-cycles',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // Packages are not followed but stay in the graph (an `exclude` would drop every import of
    // one, and with it the rules about packages above).
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['cdk\\.out', 'web/dist'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
