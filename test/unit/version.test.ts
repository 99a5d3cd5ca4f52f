// One release number for the service, its clients and its contract: package.json's.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from '@jest/globals';
import YAML from 'yaml';
import { SERVICE_VERSION } from '../../src/version.js';

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

describe('the release number', () => {
  it('is the same in package.json, openapi.yaml, the lock file and the Python package', () => {
    expect(SERVICE_VERSION).toMatch(/^\d+\.\d+\.\d+$/);
    expect(SERVICE_VERSION).toBe('0.6.0');
    expect((YAML.parse(read('openapi.yaml')) as { info: { version: string } }).info.version).toBe(SERVICE_VERSION);
    expect((JSON.parse(read('package-lock.json')) as { version: string }).version).toBe(SERVICE_VERSION);
    expect(/^version = "([^"]+)"$/m.exec(read('clients/python/pyproject.toml'))?.[1]).toBe(SERVICE_VERSION);
    expect(/^__version__ = "([^"]+)"$/m.exec(read('clients/python/docextract/__init__.py'))?.[1]).toBe(SERVICE_VERSION);
  });
});
