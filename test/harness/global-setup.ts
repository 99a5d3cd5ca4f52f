// Jest loads global setup with Node's own module loader, which does not map our `.js` import
// specifiers to `.ts` files (the moduleNameMapper applies to test files only). So this file only
// hands over to run-setup.ts, loaded through tsx, which understands them.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';

export default async function globalSetup(globalConfig: { rootDir: string }): Promise<void> {
  const url = pathToFileURL(path.join(globalConfig.rootDir, 'test', 'harness', 'run-setup.ts')).href;
  const { setUpRun } = await tsImport(url, url);
  await setUpRun();
}
