// The layers of the service and the arrows allowed between them (docs/architecture.md draws them).
// `npm run lint:layers` runs this with scripts/check-job-tables.sh; `npm test` runs it first.
// A rule is named after what it forbids; a new upward arrow fails CI with that name.

/** Everything below the HTTP edge and the processes: it never reaches up to them. */
const BELOW_EDGE = '^src/(domain|storage|providers|documents|webhooks|long-documents|retrieval|schema-dialect|metrics|temporal|config)/|^src/(errors|kinds)\\.ts$';
/** The edge and the processes: HTTP, the CLI, the studio, the process runtime. */
const EDGE = '^src/(http|cli|studio|runtime|bin)/';
/** Modules the domain is built on: they never import the domain. */
const BELOW_DOMAIN = '^src/(storage|providers|documents|webhooks|long-documents|retrieval|schema-dialect|metrics|temporal|config)/|^src/(errors|kinds)\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: split out what both sides need into a module below them.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-upward-to-edge',
      severity: 'error',
      comment:
        'Domain and lower layers know nothing of HTTP, the CLI, the studio or the runtime. Throw ServiceError (src/errors.ts); ' +
        'page with src/storage/pagination.ts; take what you need as a parameter.',
      from: { path: BELOW_EDGE },
      to: { path: EDGE },
    },
    {
      name: 'no-upward-to-domain',
      severity: 'error',
      comment: 'Storage, providers, documents, webhooks, metrics ... sit below the domain: shared names go in src/kinds.ts.',
      from: { path: BELOW_DOMAIN },
      to: { path: '^src/domain/' },
    },
    {
      name: 'no-upward-to-worker',
      severity: 'error',
      comment: 'src/ does not import the worker\'s activities or workflows.',
      from: { path: '^src/', pathNot: '^src/(bin|runtime|temporal)/' },
      to: { path: '^(activities|workflows)/' },
    },
    {
      name: 'bottom-imports-nothing',
      severity: 'error',
      comment: 'src/errors.ts and src/kinds.ts are the bottom of the graph.',
      from: { path: '^src/(errors|kinds)\\.ts$' },
      to: { path: '^(src|activities|workflows)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/studio/(app|bundle)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
