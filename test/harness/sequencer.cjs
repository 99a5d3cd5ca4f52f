// Jest test sequencer: the known-long test files first, longest first, then the rest in Jest's own
// order. The run ends when the worker that started the longest file last is done; Jest orders by
// its timing cache (which a fresh clone, as in CI, does not have) and otherwise by file size, so
// short but slow files (the fuzzers', Ctrl-C under `npm start`) came last while the other workers
// idled: one such file (the hooked fuzz, 64 s) started at 1,054 s of a 1,118 s run.
//
// LONG_FILES: every file of 25 s or more, longest first. The figure is Jest's time for the file in a
// whole run of `npm test` with three workers in a fresh clone on the shared two-core machine
// (2026-12-06, 21:10, after the start scripts' reusable bundle; earlier lists took the longer of two
// runs, which put the hook-free fuzz first at its 50-example length). Files with a soak length
// (test/harness/soak-files.cjs) are listed with their `npm test` figure. Refresh the list when a file
// gains or loses half a minute. A listed file missing from the run (a path filter, --selectProjects)
// is skipped.
const path = require('node:path');
const Sequencer = require('@jest/test-sequencer').default;

/** Paths relative to the repository root, longest first. */
const LONG_FILES = [
  'test/api/formats.test.ts', // 151 s
  'test/fuzz/schemathesis-hookfree.test.ts', // 116 s
  'test/clients/python-client.test.ts', // 101 s
  'test/clients/generators.test.ts', // 92 s
  'test/faults/worker-crash.test.ts', // 88 s
  'test/faults/npm-start-ctrl-c.test.ts', // 73 s
  'test/fuzz/schemathesis.test.ts', // 65 s
  'test/api/batches.test.ts', // 59 s
  'test/faults/npm-start-supervision.test.ts', // 57 s
  'test/faults/long-outages.test.ts', // 56 s
  'test/faults/webhook-outage.test.ts', // 55 s
  'test/faults/batch-npm-start-kill.test.ts', // 52 s
  'test/cli/cli.test.ts', // 50 s
  'test/api/batch-engine.test.ts', // 48 s
  'test/faults/history-payloads.test.ts', // 47 s
  'test/faults/last-step-crash.test.ts', // 47 s
  'test/faults/batch-ctrl-c.test.ts', // 47 s
  'test/mcp/mcp.test.ts', // 46 s
  'test/faults/unfixable-errors.test.ts', // 45 s
  'test/ops/shutdown.test.ts', // 44 s
  'test/ops/metrics.test.ts', // 44 s
  'test/api/job-waiting.test.ts', // 44 s
  'test/api/packets-long.test.ts', // 42 s
  'test/faults/postgres-outage.test.ts', // 41 s
  'test/faults/bounded-streams.test.ts', // 41 s
  'test/faults/temporal-state-loss.test.ts', // 39 s
  'test/studio/studio.test.ts', // 37 s
  'test/faults/batch-worker-crash.test.ts', // 36 s
  'test/faults/long-extraction-crash.test.ts', // 34 s
  'test/cli/clients-formats.test.ts', // 33 s
  'test/faults/evaluation-crash.test.ts', // 33 s
  'test/storage/direct-uploads.test.ts', // 32 s
  'test/faults/bucket-outage.test.ts', // 32 s
  'test/faults/temporal-restart.test.ts', // 32 s
  'test/api/packets.test.ts', // 31 s
  'test/workflows/replay.test.ts', // 29 s
  'test/api/webhooks.test.ts', // 27 s
  'test/ops/temporal-ui.test.ts', // 25 s

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
