// Run one benchmark as a script (`npx tsx bench/jobs.ts`): its own infrastructure, its table on
// stdout, everything torn down afterwards, exit code 1 on failure.
import { fileURLToPath } from 'node:url';
import { startInfra, type Infra } from './infra.js';
import { printSection, type Section } from './stats.js';

export type Benchmark = (infra: Infra | undefined) => Promise<Section>;

/** True when `moduleUrl` is the script node was asked to run. */
export function isMain(moduleUrl: string): boolean {
  return process.argv[1] !== undefined && fileURLToPath(moduleUrl) === process.argv[1];
}

export async function runStandalone(bench: Benchmark, opts: { needsInfra: boolean }): Promise<void> {
  let infra: Infra | undefined;
  let failed = false;
  try {
    if (opts.needsInfra) infra = await startInfra();
    printSection(await bench(infra));
  } catch (err) {
    failed = true;
    console.error(err);
  } finally {
    await infra?.close().catch((err) => console.error('teardown failed:', err));
  }
  process.exit(failed ? 1 : 0);
}
