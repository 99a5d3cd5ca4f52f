// The served /openapi.yaml, as GET /openapi.yaml of the running service answers it, through the
// client generators people run: openapi-python-client (pinned, in the venv under .tools/),
// @hey-api/openapi-ts and openapi-typescript (devDependencies), each given the document as it is.
// Each must print no warning (a failure lists every warning) and generate every operation of the
// document (a failure lists the dropped ones). Then a Python client generated from the served
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
import { documentOperations, missingFromHeyApi, missingFromOpenApiTypescript, type DocumentOperation } from '../../scripts/generated-operations.js';
import { makePdf } from '../fixtures/documents.js';
import type { ScriptedProvider } from '../harness/scripted-provider.js';
import type { TestStack } from '../harness/stack.js';
import { startStackWithProvider } from '../api/job-helpers.js';

let stack: TestStack;
let provider: ScriptedProvider;
let work: string;
let served: string;
/** The operations of the served document, as GET /openapi.yaml answers it. */
let servedOperations: DocumentOperation[];

beforeAll(async () => {
  ({ stack, provider } = await startStackWithProvider());
  served = `${stack.url}/openapi.yaml`;
  servedOperations = documentOperations(await (await fetch(served)).text());
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

  it('has operations to generate', () => {
    // More than a hundred today; the checks below compare each generator's output with this list.
    expect(servedOperations.length).toBeGreaterThan(100);
    expect(servedOperations.filter((op) => !op.operationId)).toEqual([]);
  });

  it('openapi-python-client prints no warning and drops no operation', async () => {
    const { warnings, missing } = await generatePythonClient(served, path.join(work, 'served_client'), { asIs: true });
    expect(warnings).toEqual([]);
    expect(missing).toEqual([]);
  }, 600_000);

  it('@hey-api/openapi-ts prints no warning, drops no operation, and types the upload as a file', async () => {
    const out = path.join(work, 'hey-api');
    const { warnings } = await runHeyApi(served, out);
    expect(warnings).toEqual([]);
    expect(missingFromHeyApi(servedOperations, readFileSync(path.join(out, 'sdk.gen.ts'), 'utf8'))).toEqual([]);
    expect(readFileSync(path.join(out, 'types.gen.ts'), 'utf8')).toMatch(/upload: Blob \| File;/);
  }, 600_000);

  it('openapi-typescript prints no warning and drops no operation', async () => {
    const out = path.join(work, 'openapi-typescript.d.ts');
    const { warnings } = await runOpenApiTypescript(served, out);
    expect(warnings).toEqual([]);
    expect(missingFromOpenApiTypescript(servedOperations, readFileSync(out, 'utf8'))).toEqual([]);
    expect(readFileSync(out, 'utf8')).toMatch(/ApiErrorResponse: \{/);
  }, 600_000);

  it('the dropped-operation check can fail: free-form JSON as a recursive union drops the operations that take it', async () => {
    // JsonValue as it was written before (anyOf over the kinds of value, the array branch referring
    // back to JsonValue): the same values, but openapi-python-client cannot follow it.
    const current = readFileSync(path.join(ROOT, 'openapi.yaml'), 'utf8');
    const start = current.indexOf('    JsonValue:\n');
    const end = current.indexOf('    JsonObject:\n');
    expect(start).toBeGreaterThan(0);
    const recursive = [
      '    JsonValue:',
      '      description: Any JSON value whose strings and keys are free of NUL (free-form content).',
      '      anyOf:',
      "        - type: [number, boolean, 'null']",
      "        - $ref: '#/components/schemas/NulFreeString'",
      '        - type: array',
      "          items: { $ref: '#/components/schemas/JsonValue' }",
      "        - $ref: '#/components/schemas/JsonObject'",
      '',
    ].join('\n');
    const file = path.join(work, 'recursive-union.yaml');
    writeFileSync(file, current.slice(0, start) + recursive + current.slice(end));
    const { warnings, missing } = await generatePythonClient(file, path.join(work, 'recursive_client'), { asIs: true });
    expect(missing).toEqual(expect.arrayContaining(['POST /v1/schemas/validate', 'PUT /v1/providers/{name}', 'PATCH /v1/providers/{name}', 'PATCH /v1/extractors/{extractor_ref}']));
    expect(warnings.join('\n')).toMatch(/POST \/v1\/schemas\/validate[\s\S]*Endpoint will not be generated/);
  }, 600_000);

  it('the warning check can fail: an error response in the old allOf + const shape is reported by name', async () => {
    const old = readFileSync(path.join(ROOT, 'openapi.yaml'), 'utf8').replace(
      "        '409':\n          description: Jobs still reference the file (`file_in_use`); delete them first.\n          x-error-codes: [file_in_use]\n          content:\n            application/json:\n              schema: { $ref: '#/components/schemas/ApiErrorResponse' }",
      "        '409':\n          description: Jobs still reference the file (`file_in_use`); delete them first.\n          content:\n            application/json:\n              schema:\n                allOf:\n                  - $ref: '#/components/schemas/ApiErrorResponse'\n                  - properties:\n                      code: { const: file_in_use }",
    );
    expect(old).toContain('const: file_in_use');
    const file = path.join(work, 'old-shape.yaml');
    writeFileSync(file, old);
    const { warnings } = await generatePythonClient(file, path.join(work, 'old_client'), { asIs: true });
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
