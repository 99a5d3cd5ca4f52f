// From an empty service to a compared pair of runs, with the TypeScript client:
//   1. create the set `receipts-example` and add the eight receipts (PDF + right answer);
//   2. run the prebuilt `receipt` extractor over it;
//   3. create `receipt-terse` (the same schema, shorter instructions) and run it too;
//   4. compare the second run with the first: per-field deltas, regressions and fixes.
//
//   npx tsx examples/evaluation/run-evaluation.ts        (DOCEXTRACT_URL, DOCEXTRACT_TOKEN)
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDocextractClient, DocextractError, type EvaluationRun } from '../../clients/typescript/index.js';
import { runSummary, comparisonText } from '../../src/cli/evaluate.js';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'receipts');
const SET = 'receipts-example';
const client = createDocextractClient({ baseUrl: process.env.DOCEXTRACT_URL, token: process.env.DOCEXTRACT_TOKEN });

async function ensureSet(): Promise<void> {
  try {
    await client.createEvaluationSet({ name: SET, display_name: 'Example receipts', description: 'Eight generated receipts (examples/evaluation)' });
  } catch (err) {
    if (err instanceof DocextractError && err.code === 'evaluation_set_exists') return; // added on an earlier run
    throw err;
  }
  for (const pdf of (await readdir(DIR)).filter((f) => f.endsWith('.pdf')).sort()) {
    const expected = JSON.parse(await readFile(path.join(DIR, pdf.replace('.pdf', '.json')), 'utf8'));
    const file = await client.uploadFile(await readFile(path.join(DIR, pdf)), { filename: pdf });
    await client.addEvaluationItem(SET, { file_id: file.id, expected_output: expected, note: pdf });
    console.error(`added ${pdf}`);
  }
}

async function run(extractor: string): Promise<EvaluationRun> {
  const created = await client.createEvaluationRun({ evaluation_set: SET, extractor_name: extractor, options: { numeric_tolerance: 0.005, fuzzy_fields: ['/line_items/*/description'] } });
  const done = await client.waitForEvaluationRun(created.id, {
    onUpdate: (r) => console.error(`${r.id} ${r.status} ${r.progress.items_completed + r.progress.items_failed}/${r.progress.items_total}`),
  });
  console.log(runSummary(done));
  return done;
}

await ensureSet();
const baseline = await run('receipt');
const receipt = await client.ok(client.api.GET('/v1/extractors/{extractor_ref}', { params: { path: { extractor_ref: 'receipt' } } }));
await client.ok(
  client.api.PUT('/v1/extractors/{extractor_ref}', {
    params: { path: { extractor_ref: 'receipt-terse' } },
    body: { display_name: 'Receipt (terse)', instructions: 'Extract the receipt.', provider_name: receipt.provider_name, model: receipt.model, schema: receipt.schema },
  }),
);
const terse = await run('receipt-terse');
console.log(comparisonText(await client.compareEvaluationRuns(terse.id, baseline.id)));
