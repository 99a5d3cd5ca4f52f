#!/usr/bin/env node
// `docextract`, the command line (package.json "bin"; `npx docextract …` in this repository).
// The CLI is TypeScript run through tsx (already a dependency of the service): registering tsx's
// loader in this process, rather than spawning the tsx CLI or shipping a build step, keeps one
// process, so Ctrl-C reaches the CLI itself and it can cancel the job it started.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
