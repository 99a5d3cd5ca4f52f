import { describe, expect, it } from '@jest/globals';
import type { Client } from '@temporalio/client';
import pino from 'pino';
import { registerSearchAttributes, searchAttributesRegistered } from '../../src/temporal/search-attribute-registry.js';
import { SEARCH_ATTRIBUTES, devServerSearchAttributeArgs, searchAttributeCreateCommands } from '../../src/temporal/search-attributes.js';

/** A client whose server lists `present` custom attributes and refuses (or accepts) additions. */
function fakeClient(present: string[], refuse: boolean): { client: Client; added: string[][] } {
  const added: string[][] = [];
  const attributes = new Set(present);
  const operatorService = {
    listSearchAttributes: async () => ({ customAttributes: Object.fromEntries([...attributes].map((n) => [n, 2])) }),
    addSearchAttributes: async ({ searchAttributes }: { searchAttributes: Record<string, number> }) => {
      if (refuse) throw Object.assign(new Error('7 PERMISSION_DENIED: Request unauthorized.'), { code: 7 });
      added.push(Object.keys(searchAttributes));
      for (const n of Object.keys(searchAttributes)) attributes.add(n);
    },
  };
  return { client: { connection: { operatorService } } as unknown as Client, added };
}

function capture() {
  const lines: Record<string, any>[] = [];
  return { lines, logger: pino({ level: 'info' }, { write: (l: string) => void lines.push(JSON.parse(l)) }) };
}

describe('job search attributes on a Temporal server', () => {
  it('are given to the dev server as Name=Type flags and to operators as create commands', () => {
    expect(devServerSearchAttributeArgs()).toContain('DocextractPagesDone=Int');
    expect(devServerSearchAttributeArgs()).toContain('DocextractJobStatus=Keyword');
    expect(searchAttributeCreateCommands('default')).toContain('temporal operator search-attribute create --namespace default --name DocextractDefinition --type Keyword');
    expect(SEARCH_ATTRIBUTES.map((k) => k.name)).toEqual([
      'DocextractJobKind', 'DocextractDefinition', 'DocextractFileId', 'DocextractJobStatus', 'DocextractPagesDone', 'DocextractBatchId', 'DocextractEvaluationRunId', 'DocextractWorkspace',
    ]);
  });

  it('missing ones are registered where the server allows it', async () => {
    const { client, added } = fakeClient(['DocextractJobKind'], false);
    const { logger } = capture();
    expect(await searchAttributesRegistered(client, 'default')).toBe(false);
    expect(await registerSearchAttributes(client, 'default', logger)).toBe(true);
    expect(added).toEqual([SEARCH_ATTRIBUTES.map((k) => k.name).filter((n) => n !== 'DocextractJobKind')]);
    expect(await searchAttributesRegistered(client, 'default')).toBe(true);
  });

  it('where it does not, one warning line with the commands, and jobs start without them', async () => {
    const { client } = fakeClient([], true);
    const { lines, logger } = capture();
    expect(await registerSearchAttributes(client, 'prod', logger)).toBe(false);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.level).toBe(40);
    expect(lines[0]!.msg).toContain('temporal operator search-attribute create --namespace prod --name DocextractJobKind --type Keyword');
    expect(await searchAttributesRegistered(client, 'prod')).toBe(false);
  });
});
