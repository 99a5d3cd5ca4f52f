// Jest test sequencer: the known-long test files first, longest first, then the rest in Jest's own
// order. With two workers the run ends when the worker that started the longest file last is done;
// Jest orders by its timing cache (which a fresh clone, as in CI, does not have) and otherwise by
// file size, so the short but slow files (the fuzzer's, Ctrl-C under `npm start`) came last and one
// worker idled for many minutes while the other finished them.
//
// LONG_FILES: the slowest files of `npm test`, longest first. The figures are what each file took on
// its own on the shared two-core machine (Jest's time for the file; "at load N" where other work kept
// it busy; marked "CI" where the figure is from a CI run of the whole suite) or, where marked "est.",
// what the file waits for by design (`npm start` restarted, tools installed). Files with a soak
// length (test/harness/soak-files.cjs) are listed with their `npm test` figure, measured for issue 49
// at a load average of 18-25 (the figure before it, at full length, in brackets). Refresh the list
// when a file gains or loses minutes. A listed file missing from the run (a path filter,
// --selectProjects) is skipped.
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

/** Paths relative to the repository root, longest first. */
const LONG_FILES = [
  'test/fuzz/schemathesis-hookfree.test.ts', // one Schemathesis seed, 50 examples: 2,120 s at load 16-30, the schemathesis install included (three seeds: 4.4 min idle, ~21 min at load 20)
  'test/api/formats.test.ts', // 3 min alone, ~5 min at load: 44 real files of 22 formats (14 through LibreOffice when installed: ~5 s each), 22 parse and 22 extraction jobs, hostile files (a 60 s timeout)
  'test/faults/npm-start-ctrl-c.test.ts', // two Ctrl-C rounds of npm start under a 100-page parse: 246 s at load 24 (ten rounds: 567 s)
  'test/api/batch-engine.test.ts', // a canceled batch's retry, an evaluation run, two worker processes, one SIGKILLed: ~4 min at load
  'test/faults/batch-npm-start-kill.test.ts', // 60 PDFs through a SIGKILL of npm start: 201 s at load 24 (200 PDFs: 3-5 min)
  'test/faults/npm-start-supervision.test.ts', // est. 3 min: npm start with its servers SIGKILLed
  'test/fuzz/schemathesis.test.ts', // est. 3 min: Schemathesis with hooks, about 2 min on two cores
  'test/faults/batch-ctrl-c.test.ts', // npm start twice around a Ctrl-C under a 200-item batch: 180 s at load 20 (500 items: ~4 min at load)
  'test/faults/temporal-state-loss.test.ts', // est. 2 min: npm start twice
  'test/ops/start-metrics.test.ts', // est. 2 min: npm start twice (a pinned port taken, then the banner and /metrics)
  'test/clients/python-client.test.ts', // est. 2 min: a venv, pip installs, pytest against a stack
  'test/clients/generators.test.ts', // est. 2 min: openapi-python-client installed into the venv
  'test/faults/webhook-outage.test.ts', // the receiver down 40 s (88 s at load 20: until the restarted worker retried) while 40 jobs finish: 129 s (down 2 min: est. 3 min)
  'test/api/batches.test.ts', // the 200-item batch: 115 s at load 24 (2,000 items: 10 min 22 s at load 15-29)
  'test/api/packets-long.test.ts', // a 100-page packet classified three times (clean, worker killed, canceled): 107 s at load 20 (300 pages: est. 90 s)
  'test/studio/studio.test.ts', // 85-110 s
  'test/faults/long-outages.test.ts', // the model gone 20 s, Postgres cut 15 s, a 20-page parse: 81 s at load 20 (2 min and 60 s: est. 4 min)
  'test/faults/cancel-no-new-request.test.ts', // 20 job cancels and 6 batch cancels/deletes: 79 s at load 18 (50 and 10: 79 s)
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
