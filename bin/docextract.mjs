#!/usr/bin/env node
// `docextract`, the command line (package.json "bin"; `npx docextract …` in this repository).
// The CLI is TypeScript, loaded in this process (one process, so Ctrl-C reaches the CLI itself and
// it can cancel the job it started) as the service's start scripts load theirs: from a bundle of our
// own code, reused while no source changed (src/bundles/reusable-bundle.mjs; about half the start-up
// CPU of tsx's loader), or through tsx (already a dependency) should bundling fail.
import { fileURLToPath } from 'node:url';
import { importEntry } from '../src/bundles/load-entry.mjs';

const cli = /** @type {{ main(args: string[]): Promise<number> }} */ (await importEntry(fileURLToPath(new URL('../src/cli/main.ts', import.meta.url))));
process.exitCode = await cli.main(process.argv.slice(2));
