// The files with a full-length run under `npm run test:soak` (jest.soak.config.js): each reads
// TEST_SOAK through test/harness/soak.ts, and `npm test` runs its short length. docs/testing.md says
// what each full length adds. test/unit/soak-files.test.ts checks this list against the files.
const SOAK_FILES = [
  'test/fuzz/schemathesis-hookfree.test.ts', // one seed → three seeds (1, 20261126, 424242)
  'test/api/batches.test.ts', // 200 items → 2,000
  'test/faults/npm-start-ctrl-c.test.ts', // two Ctrl-C rounds → ten
  'test/faults/batch-npm-start-kill.test.ts', // 60 PDFs → 200
  'test/faults/long-outages.test.ts', // model gone 20 s, Postgres 15 s → 2 min and 60 s
  'test/faults/webhook-outage.test.ts', // receiver down 40 s → 2 min
  'test/faults/batch-ctrl-c.test.ts', // 200 items → 500
  'test/faults/cancel-no-new-request.test.ts', // 20 jobs, 6 batches → 50 and 10
  'test/api/packets-long.test.ts', // a 100-page packet → 300 pages
  'test/fuzz/schemathesis.test.ts', // examples, fuzzing, stateful → every phase (coverage too)
];

module.exports = { SOAK_FILES };
