// How the TypeScript client's types (clients/typescript/openapi.gen.ts) are generated, shared by
// `npm run generate:client` and the test that checks the committed file is current.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { codegenView } from './codegen-view.js';
import { outputBlocks, ROOT, run, type Generated } from './python-client.js';

export const TS_CLIENT_TYPES = path.join(ROOT, 'clients', 'typescript', 'openapi.gen.ts');

/**
 * openapi-typescript (pinned devDependency). `--empty-objects-unknown`: free-form objects (an
 * extractor's `schema`, a result's `data`, example outputs) become Record<string, unknown>, not
 * Record<string, never>, so values can be assigned to them without casts.
 */
export async function generateTsClientTypes(source: string, outFile: string): Promise<Generated> {
  // The generator reads the codegen view of the document, as the Python client's does
  // (scripts/codegen-view.ts), so both clients see the same shapes.
  const text = /^https?:\/\//.test(source) ? await (await fetch(source)).text() : readFileSync(source, 'utf8');
  const work = mkdtempSync(path.join(tmpdir(), 'docextract-tsgen-'));
  const view = path.join(work, 'openapi.codegen.yaml');
  writeFileSync(view, codegenView(text));
  const r = await run(path.join(ROOT, 'node_modules', '.bin', 'openapi-typescript'), [view, '--empty-objects-unknown', '-o', outFile], { cwd: ROOT, allowFailure: true }).finally(() =>
    rmSync(work, { recursive: true, force: true }),
  );
  const output = `${r.stdout}\n${r.stderr}`;
  if (r.status !== 0) throw new Error(`openapi-typescript failed (exit ${r.status}):\n${output}`);
  // Progress lines: "✨ openapi-typescript 7.x" and "🚀 <input> → <output> [time]"; anything else is a warning.
  const warnings = outputBlocks(output)
    .flatMap((b) => b.split('\n'))
    .map((l) => l.trim())
    .filter((l) => l && !/^✨ openapi-typescript \S+$/.test(l) && !/^🚀 .* → .*\[[\d.]+m?s\]$/.test(l));
  return { warnings, output };
}
