// /docs: the interactive API reference. Without a browser the page's HTML and assets are checked
// (same-origin only, all served), then the page is rendered in a real headless Chromium (Debian's
// package, installed with apt-get when missing) and must list every operation.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { apiCall, openApiDocument } from '../harness/openapi-validator.js';
import { startTestStack, type TestStack } from '../harness/stack.js';
import { ensureChromium, renderDocsPage } from './docs-browser.js';

let stack: TestStack;
let base: string;

beforeAll(async () => {
  stack = await startTestStack({ worker: false });
  base = stack.url;
});
afterAll(async () => stack?.close());

/** `METHOD /path` of every operation in openapi.yaml. */
/** Every operation the page should list: the paths', and the webhooks' (listed under their names). */
function documentedOperations(): string[] {
  const doc = openApiDocument() as { paths: Record<string, Record<string, unknown>>; webhooks?: Record<string, Record<string, unknown>> };
  const operations = (items: Record<string, Record<string, unknown>>) =>
    Object.entries(items).flatMap(([p, item]) =>
      Object.keys(item)
        .filter((m) => ['get', 'put', 'post', 'delete', 'patch'].includes(m))
        .map((m) => `${m.toUpperCase()} ${p}`),
    );
  return [...operations(doc.paths), ...operations(doc.webhooks ?? {})];
}

describe('GET /docs without a browser', () => {
  it('is an HTML page whose every asset is same-origin and served', async () => {
    const page = await apiCall<string>(base, 'GET', '/docs');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");

    const refs = [...page.body.matchAll(/\s(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(refs.length).toBeGreaterThanOrEqual(4);
    // Absolute paths on this origin only: no scheme, no protocol-relative `//host`.
    expect(refs.filter((r) => !/^\/(?!\/)/.test(r))).toEqual([]);
    for (const ref of refs) {
      const asset = await apiCall(base, 'GET', ref);
      expect([ref, asset.status]).toEqual([ref, 200]);
      expect(asset.headers.get('content-type')).toMatch(/^(text\/css|text\/javascript|image\/png|application\/yaml)/);
    }
  });

  it('points Swagger UI at the same-origin /openapi.yaml and nowhere else', async () => {
    const init = await apiCall<string>(base, 'GET', '/docs/assets/docs-init.js');
    expect(init.body).toContain("url: '/openapi.yaml'");
    expect(init.body).toContain('validatorUrl: null');
    expect(init.body).not.toMatch(/https?:\/\//);
  });

  it('serves only its own assets', async () => {
    for (const name of ['..%2Fpackage.json', 'index.html', 'swagger-ui-bundle.js.map']) {
      const r = await apiCall(base, 'GET', `/docs/assets/${name}`);
      expect([name, r.status, r.body.code]).toEqual([name, 404, 'not_found']);
    }
  });
});

describe('GET /docs in headless Chromium', () => {
  let version = '';
  beforeAll(async () => {
    // No skip path: a missing browser is installed (apt-get), and a failure to get one fails the test.
    version = await ensureChromium();
    console.log(`/docs browser check runs ${version}`);
  }, 900_000);

  it('lists every operation of openapi.yaml, loading nothing from another origin', async () => {
    expect(version).toMatch(/^Chromium \d+\./);
    const expected = documentedOperations();
    const report = await renderDocsPage(base, { minOperations: expected.length });
    expect(report.title).toContain('Document Extraction and Parsing Service');
    expect([...report.operations].sort()).toEqual([...expected].sort());
    for (const p of ['/v1/files', '/v1/extraction-jobs', '/v1/parse-jobs', '/v1/extractors', '/v1/parsers', '/v1/providers']) {
      expect(report.text).toContain(p);
    }
    expect({ foreign: report.foreignRequests, failed: report.failedRequests, errors: report.consoleErrors }).toEqual({
      foreign: [],
      failed: [],
      errors: [],
    });
  });
});
