// Renders the /docs API reference in headless Chromium, checks that it lists the operations of
// openapi.yaml, and saves a screenshot.
//
//   npx tsx scripts/docs-screenshot.ts                      # starts the service (`npm start`) itself
//   npx tsx scripts/docs-screenshot.ts --url http://127.0.0.1:8000 --out /tmp/docs.png
//
// Needs Chromium at /usr/bin/chromium (installed with `apt-get install chromium` when missing) or CHROMIUM_PATH.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parse as parseYaml } from 'yaml';
import { freePort } from '../src/runtime/ports.js';
import { stopChild, waitUntil } from '../src/runtime/process.js';
import { ensureChromium, renderDocsPage } from '../test/docs/docs-browser.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch'];

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    out: { type: 'string', default: path.join(ROOT, 'docs/api-reference.png') },
  },
});

/** `METHOD /path` of every operation in the repository's openapi.yaml. */
function documentedOperations(): string[] {
  const doc = parseYaml(readFileSync(path.join(ROOT, 'openapi.yaml'), 'utf8')) as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([p, item]) =>
    Object.keys(item)
      .filter((m) => HTTP_METHODS.includes(m))
      .map((m) => `${m.toUpperCase()} ${p}`),
  );
}

/** `npm start` on a free port; resolves with its URL once /docs answers. */
async function startService(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['src/bin/dev.ts'], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const up = await waitUntil(
    async () => child.exitCode === null && (await fetch(`${url}/docs`).then((r) => r.ok, () => false)),
    180_000,
    500,
  );
  if (!up) {
    await stopChild(child);
    throw new Error(`the service did not serve ${url}/docs within 3 minutes (exit code ${child.exitCode})`);
  }
  return { url, child };
}

async function main(): Promise<number> {
  try {
    console.error(await ensureChromium());
  } catch (err) {
    console.error((err as Error).message);
    return 2;
  }
  const service = values.url ? undefined : await startService();
  const url = values.url ?? service!.url;
  try {
    const expected = documentedOperations();
    mkdirSync(path.dirname(values.out!), { recursive: true });
    const report = await renderDocsPage(url, { minOperations: expected.length, screenshotPath: values.out });
    const problems = [
      ...expected.filter((op) => !report.operations.includes(op)).map((op) => `not listed: ${op}`),
      ...['/v1/extraction-jobs', '/v1/parse-jobs', '/v1/files'].filter((p) => !report.text.includes(p)).map((p) => `not in the page text: ${p}`),
      ...report.foreignRequests.map((r) => `request to another origin: ${r}`),
      ...report.failedRequests.map((r) => `failed request: ${r}`),
      ...report.consoleErrors.map((e) => `console error: ${e}`),
    ];
    console.log(`${report.title}: ${report.operations.length} operations listed (${expected.length} in openapi.yaml); screenshot ${values.out}`);
    for (const p of problems) console.error(`  ${p}`);
    return problems.length === 0 ? 0 : 1;
  } finally {
    if (service) await stopChild(service.child, { timeoutMs: 20_000 });
  }
}

process.exitCode = await main();
