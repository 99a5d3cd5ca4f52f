// npm run generate:client [-- <openapi source>]: regenerates clients/typescript/openapi.gen.ts (the
// request and response types of the TypeScript client) from openapi.yaml with the pinned
// openapi-typescript. Exits 1 when the generator prints a warning.
import path from 'node:path';
import { ROOT, runOpenApiTypescript } from './python-client.js';

export const TS_CLIENT_TYPES = path.join(ROOT, 'clients', 'typescript', 'openapi.gen.ts');

const source = process.argv[2] ?? path.join(ROOT, 'openapi.yaml');
const { warnings } = await runOpenApiTypescript(source, TS_CLIENT_TYPES);
console.log(`Generated ${path.relative(ROOT, TS_CLIENT_TYPES)} from ${source}`);
if (warnings.length > 0) {
  console.error(`openapi-typescript printed ${warnings.length} warning(s):\n\n${warnings.join('\n\n')}`);
  process.exit(1);
}
