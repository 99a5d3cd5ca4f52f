// ESM + ts-jest: mupdf is ESM-only with top-level await (see design.md, "Toolchain notes").
const resultsFile = process.env.JEST_RESULTS_FILE;

/** @type {import('jest').Config} */
export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    // Transpile only (tsconfig has isolatedModules): `npm run typecheck` is the type check.
    '^.+\\.ts$': ['ts-jest', { useESM: true, diagnostics: false }],
  },
  testMatch: ['<rootDir>/test/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/'],
  // Real Postgres and a real Temporal server for the whole run (see test/harness/).
  globalSetup: '<rootDir>/test/harness/global-setup.ts',
  globalTeardown: '<rootDir>/test/harness/global-teardown.ts',
  // JEST_RESULTS_FILE=path: also write the results as JSON (used by .ci/run for its summary line).
  reporters: resultsFile ? ['default', ['<rootDir>/test/harness/results-file-reporter.js', { file: resultsFile }]] : ['default'],
  // Two files at a time: most of the suite's wall time is waiting (outages held for minutes, model
  // latency, polling), so two workers halve it on 2 cores. Each worker has its own database
  // (test/harness/run-setup.ts); the Temporal server is shared, each file on its own task queue.
  maxWorkers: 2,
  testTimeout: 60_000,
  // Something in the 0.4 stack (thread pools, LISTEN connections or keep-alive agents of a test file)
  // keeps the Jest process alive after the run; exit once every test file has finished. Finding
  // the handle (--detectOpenHandles) is left for the next session.
  forceExit: true,
};
