// Build step: bundle the workflow code once into a file (default dist/workflow-bundle.js), so
// worker processes started with WORKFLOW_BUNDLE_PATH pointing at it skip bundling at start-up.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { bundleWorkflows } from '../temporal/worker.js';

const out = path.resolve(process.argv[2] ?? path.join('dist', 'workflow-bundle.js'));
const bundle = await bundleWorkflows();
await mkdir(path.dirname(out), { recursive: true });
await writeFile(out, bundle.code);
console.log(`workflow bundle written to ${out} (${bundle.code.length} bytes)`);
