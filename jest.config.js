// ESM + ts-jest: mupdf is ESM-only with top-level await (see design.md, "Toolchain notes").
// Two projects (docs/architecture.md, "Tests"): `unit` runs pure modules with no infrastructure
// (`npm run test:unit`, seconds, nothing to reach); `integration` gets a real Postgres and a real
// Temporal server from its global set-up. `npm test` runs both.
const resultsFile = process.env.JEST_RESULTS_FILE;

/** Test files under test/unit/ that need the harness's Postgres or Temporal. */
const UNIT_NEEDING_INFRASTRUCTURE = [];

/** What both projects compile and resolve alike. */
const common = {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    // Transpile only (tsconfig has isolatedModules): `npm run typecheck` is the type check.
    '^.+\\.ts$': ['ts-jest', { useESM: true, diagnostics: false }],
  },
};

/** @type {import('jest').Config} */
export default {
  projects: [
    {
      ...common,
      displayName: 'unit',
      testMatch: ['<rootDir>/test/unit/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', ...UNIT_NEEDING_INFRASTRUCTURE],
    },
    {
      ...common,
      displayName: 'integration',
      testMatch: ['<rootDir>/test/**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/test/unit/', ...UNIT_NEEDING_INFRASTRUCTURE.map((p) => `!${p}`)],
      // Real Postgres and a real Temporal server for the whole run (see test/harness/).
      globalSetup: '<rootDir>/test/harness/global-setup.ts',
      globalTeardown: '<rootDir>/test/harness/global-teardown.ts',
      // A database of its own for every test file, copied from the run's migrated template.
      testEnvironment: '<rootDir>/test/harness/file-database-environment.cjs',
    },
  ],
  // JEST_RESULTS_FILE=path: also write the results as JSON (used by .ci/run for its summary line).
  reporters: resultsFile ? ['default', ['<rootDir>/test/harness/results-file-reporter.js', { file: resultsFile }]] : ['default'],
  // Four files at a time on 2 cores: the run is bound by CPU, but files also wait (outages held in
  // real time, long-polls, model latency, processes starting). With two workers a quarter of the CPU
  // stayed idle (1,293 s); three filled most of it (1,047 s, same machine); after the start scripts'
  // bundle cut the processes' start-up CPU, four ran a fresh clone in 975 s where three took 1,031 s
  // (2026-12-06, 21:31 and 21:50; docs/testing.md). Each test file has its own database
  // (test/harness/file-database-environment.cjs); the Temporal server is shared, each file on its
  // own task queue.
  maxWorkers: 4,
  // The known-long files first, longest first (test/harness/sequencer.cjs): without a timing cache
  // (a fresh clone) Jest would order by file size and start the slowest, small files last.
  testSequencer: '<rootDir>/test/harness/sequencer.cjs',
  testTimeout: 60_000,
  // Each test file loads its modules (and mupdf's WASM) afresh in the worker, and not all of it is
  // collected: a worker that had run ~90 files ran out of its 4 GB heap in CI. A worker whose heap
  // holds more than this after a file is replaced by a fresh one (about a second).
  workerIdleMemoryLimit: '1GB',
  // No forceExit: the run exits by itself. (The handle that held it was the Temporal SDK's native
  // runtime of a test stack without a worker: test/harness/stack.ts installs it only with a worker.)
};
