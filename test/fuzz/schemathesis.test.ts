// The contract fuzzed with our hooks: Schemathesis runs every phase (examples, coverage, fuzzing,
// stateful) and every check against a real stack built from openapi.yaml, with hooks that make the
// stateful phase reach real extractors, jobs and webhook endpoints (schemathesis_hooks.py, each hook
// with its reason) and the settings of schemathesis.toml. It must report 0 failures.
// The run as an outsider makes it, without hooks, is schemathesis-hookfree.test.ts.
//
// `npm test` runs it with a fixed seed and a small budget (FUZZ_SEED, FUZZ_MAX_EXAMPLES below), so
// CI is repeatable and stays within about a minute, and without the coverage phase: the hook-free run
// (schemathesis-hookfree.test.ts) runs that phase over every operation, and what the hooks add is
// reach (real extractors, jobs and webhook endpoints in the fuzzing and stateful phases). Issue 49
// moved the hooked coverage phase to `npm run test:soak`, which runs every phase.
// `FUZZ_HOOKED=1 npm run fuzz` runs every phase with a fresh seed and 50 examples per operation.
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { PHASES, phasesToRun, REPO_ROOT, report, runSchemathesis, startFuzzStack, summaryCounts, type FuzzStack, type RunOptions } from './fuzz-run.js';
import { SCHEMATHESIS_VERSION } from './schemathesis-tool.js';
import { soakOr } from '../harness/soak.js';

const CI_SEED = 20261123;
const CI_MAX_EXAMPLES = 15;
const MAX_TIME = process.env.FUZZ_MAX_TIME; // seconds; unset: bounded by the examples alone
// `npm run fuzz` (FUZZ_SEED set) and the soak run every phase, `npm test` all but coverage (above);
// FUZZ_PHASES overrides either (the replay line below names it).
const RUN_PHASES = phasesToRun(soakOr('examples,fuzzing,stateful', PHASES));

let fuzz: FuzzStack;

beforeAll(async () => {
  // The hooks create some webhook endpoints on the test's receiver (a loopback address, hence the setting).
  fuzz = await startFuzzStack({ databaseSuffix: 'fuzz', env: { SERVICE_WEBHOOK_ALLOW_PRIVATE: 'true' } });
}, 900_000);

afterAll(async () => {
  await fuzz?.close();
});

it(
  `Schemathesis ${SCHEMATHESIS_VERSION} with our hooks: every phase and check passes against openapi.yaml`,
  async () => {
    const opts: RunOptions = {
      seed: Number(process.env.FUZZ_SEED || CI_SEED),
      maxExamples: Number(process.env.FUZZ_MAX_EXAMPLES || CI_MAX_EXAMPLES),
      configFile: 'schemathesis.toml',
      env: { SCHEMATHESIS_HOOKS: path.join(REPO_ROOT, 'test', 'fuzz', 'schemathesis_hooks.py'), FUZZ_WEBHOOK_URL: `${fuzz.receiver.url}/fuzz` },
      maxTime: MAX_TIME,
      phases: RUN_PHASES,
    };
    const started = Date.now();
    const outcome = await runSchemathesis(fuzz, opts);
    console.log(report(`Schemathesis ${SCHEMATHESIS_VERSION} (hooks)`, opts, outcome, (Date.now() - started) / 1000, `FUZZ_HOOKED=1 FUZZ_SEED=${opts.seed} FUZZ_MAX_EXAMPLES=${opts.maxExamples} FUZZ_PHASES=${RUN_PHASES} npm run fuzz`));
    // Failures name the operation and the check, so a mismatch is found without re-running.
    expect({ exit: outcome.code, failures: outcome.failures, stderr: outcome.stderr.slice(-2000) }).toEqual({
      exit: 0,
      failures: [],
      stderr: expect.any(String),
    });
    // A run that tested nothing is no pass: every operation of openapi.yaml was exercised.
    expect(outcome.tests).toBeGreaterThanOrEqual(50);
    expect(summaryCounts(outcome.stdout).operations).toMatch(/^(\d+) tested \(selected \1\/\1\)$/);
  },
  MAX_TIME ? (Number(MAX_TIME) + 900) * 1000 : 1_800_000,
);
