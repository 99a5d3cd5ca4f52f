// The TypeScript client in a few lines (the README's "TypeScript client" section): upload a document
// once, extract from it, parse it with progress, and list extractors through the typed raw client.
//
//   npx tsx examples/extract-and-parse.ts receipt.pdf [extractor]     (DOCEXTRACT_URL, DOCEXTRACT_TOKEN)
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createDocextractClient, describeDetail, DocextractError } from '../clients/typescript/index.js';

const [filePath, extractor = 'receipt'] = process.argv.slice(2);
if (!filePath) {
  console.error('usage: npx tsx examples/extract-and-parse.ts <file.pdf|png|jpg> [extractor]');
  process.exit(2);
}

const client = createDocextractClient({ baseUrl: process.env.DOCEXTRACT_URL, token: process.env.DOCEXTRACT_TOKEN });
try {
  const file = await client.uploadFile(await readFile(filePath), { filename: path.basename(filePath) });
  const job = await client.extract({ extractor, fileId: file.id, timeoutMs: 300_000 });
  console.log(JSON.stringify(job.result.data));

  const parsed = await client.parse({
    fileId: file.id,
    maxWaitSeconds: 1, // short long-polls, so progress is reported while pages finish
    onUpdate: (j) => j.progress && console.error(`${j.id} ${j.progress.pages_completed}/${j.progress.pages_total} pages`),
  });
  console.log(`${parsed.result.page_count} pages`);

  // Anything else, fully typed: paths, parameters, bodies and answers come from openapi.yaml.
  const extractors = await client.ok(client.api.GET('/v1/extractors', { params: { query: { limit: 50 } } }));
  console.log(extractors.map((e) => e.name).join(' '));
} catch (err) {
  // Every failure is a DocextractError with the API's (or the failed job's) code.
  if (!(err instanceof DocextractError)) throw err;
  console.error(`error ${err.code}: ${describeDetail(err.detail)}`);
  process.exitCode = 1;
}
