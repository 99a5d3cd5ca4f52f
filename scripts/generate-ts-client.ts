// npm run generate:client [-- <openapi source>]: regenerates clients/typescript/openapi.gen.ts (the
// request and response types of the TypeScript client) from openapi.yaml. Exits 1 when the
// generator prints a warning.
import path from 'node:path';
import { ROOT } from './python-client.js';
import { generateTsClientTypes, TS_CLIENT_TYPES } from './ts-client.js';

const source = process.argv[2] ?? path.join(ROOT, 'openapi.yaml');
const { warnings } = await generateTsClientTypes(source, TS_CLIENT_TYPES);
console.log(`Generated ${path.relative(ROOT, TS_CLIENT_TYPES)} from ${source}`);
if (warnings.length > 0) {
  console.error(`openapi-typescript printed ${warnings.length} warning(s):\n\n${warnings.join('\n\n')}`);
  process.exit(1);
}
