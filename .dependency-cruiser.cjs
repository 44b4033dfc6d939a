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
      to: { path: '^functions/(domain|pipeline|handlers|routes|mail|jobs|seed|deploy)/' },
    },
    {
      name: 'domain-below-pipeline',
      comment: 'Domain code speaks no HTTP: it throws DomainErrors that the pipeline maps.',
      severity: 'error',
      from: { path: '^functions/(domain|mail)/' },
      to: { path: '^functions/(pipeline|handlers|routes|jobs|deploy)/' },
    },
    {
      name: 'routes-are-declarations',
      comment: 'Route entries hold schemas and names; they run nothing.',
      severity: 'error',
      from: { path: '^functions/routes/' },
      to: { path: '^functions/(data|domain|pipeline|handlers|commons|jobs|seed)/' },
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
      name: 'no-cycles',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', 'cdk\\.out', 'web/dist'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.json'] },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
