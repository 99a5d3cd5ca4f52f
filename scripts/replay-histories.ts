// Replay exported workflow histories (JSON from the Temporal Web UI or `temporal workflow show
// --output json`) against the current workflow code. Exits 1 if any replay fails, e.g. because
// a workflow change is not deterministic for runs already in flight.
//
//   npx tsx scripts/replay-histories.ts [--workflows path/to/workflows.ts] history.json...
//
// Without --workflows, WORKFLOW_BUNDLE_PATH (the worker's setting: a bundle built beforehand) is
// replayed instead of bundling the workflows anew; the test suite passes the run's bundle.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { bundleWorkflowCode, DefaultLogger, Runtime, Worker } from '@temporalio/worker';
import { WORKFLOWS_PATH } from '../src/temporal/worker.js';

const args = process.argv.slice(2);
let workflowsPath = WORKFLOWS_PATH;
const at = args.indexOf('--workflows');
if (at >= 0) {
  workflowsPath = path.resolve(args[at + 1] ?? '');
  args.splice(at, 2);
}
const prebuilt = at < 0 ? process.env.WORKFLOW_BUNDLE_PATH || undefined : undefined;
if (args.length === 0) {
  console.error('usage: replay-histories.ts [--workflows file.ts] history.json...');
  process.exit(2);
}

Runtime.install({ logger: new DefaultLogger('ERROR') });
const silent = { error() {}, warn() {}, info() {}, debug() {}, trace() {}, log() {} };
const workflowBundle = prebuilt ? { codePath: prebuilt } : await bundleWorkflowCode({ workflowsPath, logger: silent as never });
let failed = 0;
for (const file of args) {
  try {
    await Worker.runReplayHistory({ workflowBundle }, JSON.parse(readFileSync(file, 'utf8')), path.basename(file));
    console.log(`ok      ${file}`);
  } catch (err) {
    failed++;
    console.log(`FAILED  ${file}: ${(err as Error).name}: ${(err as Error).message.split('\n')[0]}`);
  }
}
console.log(`${args.length - failed} replayed, ${failed} failed`);
process.exit(failed ? 1 : 0);
