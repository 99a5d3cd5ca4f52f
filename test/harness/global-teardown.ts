// See global-setup.ts for why this goes through tsx.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';

export default async function globalTeardown(globalConfig: { rootDir: string }): Promise<void> {
  const url = pathToFileURL(path.join(globalConfig.rootDir, 'test', 'harness', 'run-teardown.ts')).href;
  const { tearDownRun } = await tsImport(url, url);
  await tearDownRun();
}
