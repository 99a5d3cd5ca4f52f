// Jest test sequencer: the known-long test files first, longest first, then the rest in Jest's own
// order. With two workers the run ends when the worker that started the longest file last is done;
// Jest orders by its timing cache (which a fresh clone, as in CI, does not have) and otherwise by
// file size, so the short but slow files (the fuzzer's, Ctrl-C under `npm start`) came last and one
// worker idled for many minutes while the other finished them.
//
// LONG_FILES: the slowest files of `npm test`, longest first. The figures are Jest's time for each
// file in a whole run of `npm test` in a fresh clone on the shared two-core machine (2026-12-06,
// 14:27-14:56, another session's OCR benchmark beside it: load average ~7), unless marked otherwise.
// Files with a soak length (test/harness/soak-files.cjs) are listed with their `npm test` figure
// (the full length in brackets). Refresh the list when a file gains or loses minutes. A listed file
// missing from the run (a path filter, --selectProjects) is skipped.
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

/** Paths relative to the repository root, longest first. */
const LONG_FILES = [
  'test/api/formats.test.ts', // 215 s in a CI run (LibreOffice installed by the test first, 14 files through it); 70 s without LibreOffice
  'test/fuzz/schemathesis-hookfree.test.ts', // one Schemathesis seed, 50 examples: 128 s alone (271 s before the long strings' NUL rule became a `not`, issue 49)
  'test/faults/worker-crash.test.ts', // 117 s (a worker process SIGKILLed twice; the lost call handed on after the heartbeat timeout, 20 s then, 5 s since SERVICE_HEARTBEAT_TIMEOUT_S)
  'test/faults/npm-start-ctrl-c.test.ts', // two Ctrl-C rounds of npm start under a 100-page parse: 97 s (ten rounds: 567 s at load 24)
  'test/clients/python-client.test.ts', // 94 s: a venv, pip installs, pytest against a stack
  'test/cli/cli.test.ts', // 84 s
  'test/studio/studio.test.ts', // 66 s
  'test/faults/npm-start-supervision.test.ts', // 61 s: npm start with its servers SIGKILLed
  'test/api/packets-long.test.ts', // a 100-page packet classified three times (clean, worker killed, canceled): 59 s (300 pages: est. 90 s)
  'test/faults/batch-npm-start-kill.test.ts', // 60 PDFs through a SIGKILL of npm start: 57 s (200 PDFs: 3-5 min)
  'test/storage/direct-uploads.test.ts', // 57 s: a 200 MB PDF uploaded to SeaweedFS and extracted
  'test/api/batch-engine.test.ts', // 54 s: a canceled batch's retry, an evaluation run, two worker processes, one SIGKILLed
  'test/faults/long-outages.test.ts', // the model gone 20 s, Postgres cut 15 s, a 20-page parse: 54 s (2 min and 60 s: est. 4 min)
  'test/faults/webhook-outage.test.ts', // the receiver down 40 s while 40 jobs finish: 53 s (down 2 min: est. 3 min)
  'test/faults/batch-ctrl-c.test.ts', // npm start twice around a Ctrl-C under a 200-item batch: 53 s (500 items: ~4 min at load)
  'test/api/job-waiting.test.ts', // 48 s: long-polls held up to 40 s
  'test/faults/unfixable-errors.test.ts', // 47 s
  'test/faults/last-step-crash.test.ts', // 46 s
  'test/faults/evaluation-crash.test.ts', // 44 s
  'test/faults/temporal-state-loss.test.ts', // 40 s: npm start twice
  'test/clients/generators.test.ts', // 40 s: openapi-python-client installed into the venv
  'test/api/batches.test.ts', // the 200-item batch: 38 s (2,000 items: 10 min 22 s at load 15-29)
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
