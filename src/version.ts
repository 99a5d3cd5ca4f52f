// The release of the service, its clients and its OpenAPI document: one number, package.json's
// (test/unit/version.test.ts keeps openapi.yaml and the Python package at the same one).
import { readFileSync } from 'node:fs';

export const SERVICE_VERSION: string = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
