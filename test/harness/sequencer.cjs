// Jest test sequencer: the known-long test files first, longest first, then the rest in Jest's own
// order. With two workers the run ends when the worker that started the longest file last is done;
// Jest orders by its timing cache (which a fresh clone, as in CI, does not have) and otherwise by
// file size, so the short but slow files (the fuzzer's, Ctrl-C under `npm start`) came last and one
// worker idled for many minutes while the other finished them.
//
// LONG_FILES: the slowest files, longest first. The figures are what each file took on its own on
// the shared two-core machine (Jest's time for the file; marked "CI" where the figure is from a CI
// run of the whole suite) or, where marked "est.", what the file waits for by design (outages held
// for minutes, `npm start` restarted, tools installed). Refresh the list when a file gains or loses
// minutes. A listed file missing from the run (a path filter, --selectProjects) is skipped.
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

/** Paths relative to the repository root, longest first. */
const LONG_FILES = [
  'test/fuzz/schemathesis-hookfree.test.ts', // three Schemathesis seeds at once, 50 examples: 4.4 min idle, ~21 min at load 20
  'test/api/batches.test.ts', // the 2,000-item batch: 10 min 22 s at load 15-29
  'test/faults/npm-start-ctrl-c.test.ts', // ten Ctrl-C rounds of npm start under a 100-page parse: 567 s
  'test/faults/batch-npm-start-kill.test.ts', // 200 PDFs through a SIGKILL of npm start: 3-5 min
  'test/faults/long-outages.test.ts', // est. 4 min: the model gone 2 min, Postgres cut 60 s, a 20-page parse
  'test/api/formats.test.ts', // 3 min alone, ~5 min at load: 44 real files of 22 formats (14 through LibreOffice when installed: ~5 s each), 22 parse and 22 extraction jobs, hostile files (a 60 s timeout)
  'test/faults/webhook-outage.test.ts', // est. 3 min: the receiver down 2 min while 40 jobs finish
  'test/faults/npm-start-supervision.test.ts', // est. 3 min: npm start with its servers SIGKILLed
  'test/fuzz/schemathesis.test.ts', // est. 3 min: Schemathesis with hooks, about 2 min on two cores
  'test/faults/temporal-state-loss.test.ts', // est. 2 min: npm start twice
  'test/faults/batch-ctrl-c.test.ts', // npm start twice around a Ctrl-C under a 500-item batch: ~4 min at load
  'test/api/batch-engine.test.ts', // a canceled batch's retry, an evaluation run, two worker processes, one SIGKILLed: ~4 min at load
  'test/ops/start-metrics.test.ts', // est. 2 min: npm start twice (a pinned port taken, then the banner and /metrics)
  'test/clients/python-client.test.ts', // est. 2 min: a venv, pip installs, pytest against a stack
  'test/clients/generators.test.ts', // est. 2 min: openapi-python-client installed into the venv
  'test/studio/studio.test.ts', // 85-110 s
  'test/faults/cancel-no-new-request.test.ts', // 50 job cancels and 10 batch cancels/deletes: 79 s
  'test/api/packets-long.test.ts', // est. 90 s: a 300-page packet classified three times (clean, worker killed, canceled)
];

class LongFirstSequencer extends Sequencer {
  async sort(tests) {
    const rank = new Map(LONG_FILES.map((file, i) => [file, i]));
    const rankOf = (test) => rank.get(path.relative(test.context.config.rootDir, test.path).split(path.sep).join('/'));
    const long = tests.filter((t) => rankOf(t) !== undefined).sort((a, b) => rankOf(a) - rankOf(b));
    const rest = tests.filter((t) => rankOf(t) === undefined);
    return [...long, ...(await super.sort(rest))];
  }
}

module.exports = LongFirstSequencer;
module.exports.LONG_FILES = LONG_FILES;
