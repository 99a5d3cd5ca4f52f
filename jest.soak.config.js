// `npm run test:soak`: the full-length runs of the files that `npm test` runs short (three fuzz
// seeds, a 2,000-item batch, ten Ctrl-C rounds, outages held for minutes, …). Each of them reads
// TEST_SOAK through test/harness/soak.ts; docs/testing.md lists what each one adds to the short run.
import base from './jest.config.js';
import { SOAK_FILES } from './test/harness/soak-files.cjs';

// Set here, before Jest starts its workers, which inherit it.
process.env.TEST_SOAK = '1';

const integration = base.projects.find((p) => p.displayName === 'integration');

/** @type {import('jest').Config} */
export default {
  ...base,
  projects: [{ ...integration, displayName: 'soak', testMatch: SOAK_FILES.map((file) => `<rootDir>/${file}`), testPathIgnorePatterns: ['/node_modules/'] }],
};
