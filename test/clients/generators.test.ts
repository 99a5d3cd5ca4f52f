// The served /openapi.yaml through the client generators people run: openapi-python-client (in the
// venv under .tools/), @hey-api/openapi-ts and openapi-typescript (devDependencies). Each must print
// no warning; a failure lists every warning. Then a Python client generated from the served
// document uploads a PDF, runs a parse job to completion and parses a 404 into a typed error, and
// the committed clients/python/docextract/generated is what the current openapi.yaml generates.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ensurePythonVenv,
  GENERATED_DIR,
  generatePythonClient,
  GENERATOR_PINS,
  readTree,
  ROOT,
  run,
  runHeyApi,
  runOpenApiTypescript,
  treeDifferences,
  venvBin,
  venvEnv,
} from '../../scripts/python-client.js';
import { makePdf } from '../fixtures/documents.js';
import type { ScriptedProvider } from '../harness/scripted-provider.js';
import type { TestStack } from '../harness/stack.js';
import { startStackWithProvider } from '../api/job-helpers.js';

let stack: TestStack;
let provider: ScriptedProvider;
let work: string;
let served: string;

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider());
  served = `${stack.url}/openapi.yaml`;
  work = mkdtempSync(path.join(tmpdir(), 'docextract-generators-'));
  await ensurePythonVenv(GENERATOR_PINS);
}, 600_000);

afterAll(async () => {
  await stack?.close();
  await provider?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the served document through each generator', () => {
  it('is the repository openapi.yaml, and text/yaml on request', async () => {
    const res = await fetch(served, { headers: { accept: 'text/yaml' } });
    expect(res.headers.get('content-type')).toMatch(/^text\/yaml/);
    expect(await res.text()).toBe(readFileSync(path.join(ROOT, 'openapi.yaml'), 'utf8'));
    expect((await fetch(served)).headers.get('content-type')).toMatch(/^application\/yaml/);
  });

  it('openapi-python-client prints no warning', async () => {
    const { warnings } = await generatePythonClient(served, path.join(work, 'served_client'));
    expect(warnings).toEqual([]);
  }, 600_000);

  it('@hey-api/openapi-ts prints no warning, and types the upload as a file', async () => {
    const out = path.join(work, 'hey-api');
    const { warnings } = await runHeyApi(served, out);
    expect(warnings).toEqual([]);
    expect(readFileSync(path.join(out, 'types.gen.ts'), 'utf8')).toMatch(/upload: Blob \| File;/);
  }, 600_000);

  it('openapi-typescript prints no warning', async () => {
    const out = path.join(work, 'openapi-typescript.d.ts');
    const { warnings } = await runOpenApiTypescript(served, out);
    expect(warnings).toEqual([]);
    expect(readFileSync(out, 'utf8')).toMatch(/ApiErrorResponse: \{/);
  }, 600_000);

  it('the warning check can fail: an error response in the old allOf + const shape is reported by name', async () => {
    const old = readFileSync(path.join(ROOT, 'openapi.yaml'), 'utf8').replace(
      "        '409':\n          description: Jobs still reference the file (`file_in_use`); delete them first.\n          x-error-codes: [file_in_use]\n          content:\n            application/json:\n              schema: { $ref: '#/components/schemas/ApiErrorResponse' }",
      "        '409':\n          description: Jobs still reference the file (`file_in_use`); delete them first.\n          content:\n            application/json:\n              schema:\n                allOf:\n                  - $ref: '#/components/schemas/ApiErrorResponse'\n                  - properties:\n                      code: { const: file_in_use }",
    );
    expect(old).toContain('const: file_in_use');
    const file = path.join(work, 'old-shape.yaml');
    writeFileSync(file, old);
    const { warnings } = await generatePythonClient(file, path.join(work, 'old_client'));
    expect(warnings.join('\n')).toMatch(/DELETE \/v1\/files\/\{file_id\}[\s\S]*file_in_use/);
  }, 600_000);
});

describe('a Python client generated from the served document', () => {
  it('uploads a PDF, runs a parse job to completion and parses a 404 into ApiErrorResponse with its code', async () => {
    provider.respondWith(() => ({ kind: 'content', content: '# Generated client page' }));
    const pdf = path.join(work, 'two-pages.pdf');
    writeFileSync(pdf, makePdf(['one', 'two']));
    const script = `
import json, sys, time
from served_client import Client
from served_client.api.files import upload_file, get_file
from served_client.api.parse_jobs import create_parse_job, get_parse_job
from served_client.models import FileUpload, CreateParseJobRequest, ApiErrorResponse, ErrorCode
from served_client.types import File

client = Client(base_url=sys.argv[1])
with open(sys.argv[2], "rb") as f:
    uploaded = upload_file.sync_detailed(client=client, body=FileUpload(upload=File(payload=f, file_name="two-pages.pdf", mime_type="application/pdf")))
assert uploaded.status_code == 201, uploaded.content
file_id = uploaded.parsed.id
job = create_parse_job.sync(client=client, body=CreateParseJobRequest(file_id=file_id))
deadline = time.monotonic() + 60
while str(job.status) not in ("completed", "failed", "canceled") and time.monotonic() < deadline:
    time.sleep(0.2)
    job = get_parse_job.sync(client=client, job_id=job.id)
missing = get_file.sync_detailed(client=client, file_id="file_01aaaaaaaaaaaaaaaaaaaaaaaa")
assert isinstance(missing.parsed, ApiErrorResponse), type(missing.parsed)
print(json.dumps({
    "media_type": str(uploaded.parsed.media_type),
    "status": str(job.status),
    "pages": job.result.page_count if job.result else None,
    "missing": [int(missing.status_code), type(missing.parsed).__name__, isinstance(missing.parsed.code, ErrorCode), str(missing.parsed.code)],
}))
`;
    const r = await run(venvBin('python'), ['-c', script, stack.url, pdf], { cwd: work, env: venvEnv() });
    expect(JSON.parse(r.stdout.trim().split('\n').pop()!)).toEqual({
      media_type: 'application/pdf',
      status: 'completed',
      pages: 2,
      missing: [404, 'ApiErrorResponse', true, 'not_found'],
    });
  }, 600_000);
});

describe('the committed Python client', () => {
  it('is what `npm run generate:python` makes from the current openapi.yaml', async () => {
    const fresh = path.join(work, 'fresh');
    await generatePythonClient(path.join(ROOT, 'openapi.yaml'), fresh);
    const stale = treeDifferences(readTree(GENERATED_DIR), readTree(fresh));
    // Non-empty: run `npm run generate:python` and commit clients/python/docextract/generated.
    expect(stale).toEqual([]);
  }, 600_000);
});
