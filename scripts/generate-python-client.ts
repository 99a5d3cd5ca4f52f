// npm run generate:python [-- <openapi source>]: regenerates clients/python/docextract/generated from
// openapi.yaml (or a given path or URL) with the pinned openapi-python-client, in the venv under
// .tools/ that it creates when missing. Prints the generator's warnings and the operations it dropped,
// and exits 1 if there are any.
import path from 'node:path';
import { ensurePythonVenv, GENERATED_DIR, generatePythonClient, GENERATOR_PINS, ROOT } from './python-client.js';

const source = process.argv[2] ?? path.join(ROOT, 'openapi.yaml');
await ensurePythonVenv(GENERATOR_PINS);
const { warnings, missing } = await generatePythonClient(source, GENERATED_DIR);
console.log(`Generated ${path.relative(ROOT, GENERATED_DIR)} from ${source}`);
if (missing.length > 0) {
  console.error(`openapi-python-client dropped ${missing.length} operation(s):\n${missing.join('\n')}`);
  process.exitCode = 1;
}
if (warnings.length > 0) {
  console.error(`openapi-python-client printed ${warnings.length} warning(s):\n\n${warnings.join('\n\n')}`);
  process.exit(1);
}
