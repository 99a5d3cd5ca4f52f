// Which operations of an OpenAPI document a generated client lacks. A generator that cannot process
// a schema may drop every operation using it with nothing more than a warning (openapi-python-client
// does), so `npm run generate:python` and test/clients/generators.test.ts compare the generated code
// with the document, operation by operation.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import YAML from 'yaml';

export interface DocumentOperation {
  method: string;
  path: string;
  operationId: string;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** Every operation of the document (its text), in document order. */
export function documentOperations(documentText: string): DocumentOperation[] {
  const doc = YAML.parse(documentText) as { paths?: Record<string, Record<string, { operationId?: string }>> };
  return Object.entries(doc.paths ?? {}).flatMap(([p, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, op]) => ({ method, path: p, operationId: op.operationId ?? '' })),
  );
}

const label = (op: DocumentOperation) => `${op.method.toUpperCase()} ${op.path}`;

/**
 * Operations with no endpoint module in an openapi-python-client package: each module's _get_kwargs
 * names its method and URL template as the document writes them.
 */
export function missingFromPythonClient(ops: DocumentOperation[], packageDir: string): string[] {
  const apiDir = path.join(packageDir, 'api');
  const found = new Set<string>();
  for (const entry of readdirSync(apiDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.py')) continue;
    const text = readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    for (const m of text.matchAll(/"method": "(\w+)",\s*"url": f?"([^"]+)"/g)) found.add(`${m[1].toUpperCase()} ${m[2]}`);
  }
  return ops.map(label).filter((l) => !found.has(l));
}

/** Operations missing from openapi-typescript's output: each path's method points at operations["<operationId>"]. */
export function missingFromOpenApiTypescript(ops: DocumentOperation[], typesText: string): string[] {
  return ops.filter((op) => !typesText.includes(`${op.method}: operations["${op.operationId}"];`)).map(label);
}

/** Operations missing from @hey-api/openapi-ts's sdk.gen.ts: one function per operationId, calling its method on its URL. */
export function missingFromHeyApi(ops: DocumentOperation[], sdkText: string): string[] {
  const functions = new Map(
    sdkText
      .split(/^export const /m)
      .slice(1)
      .map((chunk) => [chunk.slice(0, chunk.indexOf(' ')), chunk] as const),
  );
  return ops
    .filter((op) => {
      const body = functions.get(op.operationId);
      return !body || !body.includes(`.${op.method}<`) || !body.includes(`url: '${op.path}'`);
    })
    .map(label);
}
