// Jest reporter that writes the run's aggregated results as JSON (the shape of `jest --json`) to
// the file named by JEST_RESULTS_FILE. Enabled from jest.config.js when that variable is set, so
// `.ci/run` can read real counts while the test command itself stays plain `npm test`.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export default class ResultsFileReporter {
  constructor(_globalConfig, options = {}) {
    this.file = options.file;
  }

  onRunComplete(_contexts, results) {
    if (!this.file) return;
    mkdirSync(path.dirname(path.resolve(this.file)), { recursive: true });
    writeFileSync(this.file, JSON.stringify(results));
  }
}
