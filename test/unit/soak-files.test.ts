// `npm run test:soak` runs the full lengths of the files listed in test/harness/soak-files.cjs, and
// `npm test` their short ones. A file that reads the soak switch but is missing from the list would
// never run at full length; a listed file that does not read it would run the same twice; one the
// testing page does not name is a long run nobody knows of.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from '@jest/globals';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const require = createRequire(import.meta.url);
const { SOAK_FILES } = require('../harness/soak-files.cjs') as { SOAK_FILES: string[] };
const { LONG_FILES } = require('../harness/sequencer.cjs') as { LONG_FILES: string[] };

function testFiles(dir = 'test'): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return testFiles(rel);
    return entry.name.endsWith('.test.ts') ? [rel] : [];
  });
}

const readsSoak = (file: string) => /from '\.\.\/harness\/soak\.js'/.test(readFileSync(path.join(ROOT, file), 'utf8'));

describe('soak files', () => {
  it('the list is exactly the test files that read the soak switch', () => {
    expect([...SOAK_FILES].sort()).toEqual(testFiles().filter(readsSoak).sort());
  });

  it('docs/testing.md names each of them', () => {
    const page = readFileSync(path.join(ROOT, 'docs/testing.md'), 'utf8');
    expect(SOAK_FILES.filter((file) => !page.includes(file))).toEqual([]);
  });

  it("the sequencer's long files exist", () => {
    expect(LONG_FILES.filter((file) => !testFiles().includes(file))).toEqual([]);
  });
});
