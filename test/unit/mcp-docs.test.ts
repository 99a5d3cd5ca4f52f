// docs/mcp.md's tool reference is generated from the server's definitions: fail when it drifts.
import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { withToolReference } from '../../src/mcp/docs.js';
import { toolsForScope } from '../../src/mcp/server.js';
import { TOOLS } from '../../src/mcp/tools.js';

const page = readFileSync(fileURLToPath(new URL('../../docs/mcp.md', import.meta.url)), 'utf8');

describe('docs/mcp.md', () => {
  it('holds the tool reference as the server defines it (npm run generate:mcp-docs)', () => {
    expect(page).toBe(withToolReference(page));
  });

  it('names every tool, and the README names the page', () => {
    for (const tool of TOOLS) expect(page).toContain(`### \`${tool.name}\``);
    expect(readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8')).toContain('docs/mcp.md');
  });
});

describe('tools by scope', () => {
  it('offers a client token no review tools and nothing its REST scope refuses', () => {
    const names = toolsForScope('client').map((t) => t.name);
    expect(names).not.toEqual(expect.arrayContaining(['approve_review']));
    for (const name of ['review_job', 'approve_review', 'reject_review', 'list_review_queue', 'create_batch', 'get_batch', 'get_batch_results']) {
      expect(names).not.toContain(name);
    }
    expect(names).toEqual(expect.arrayContaining(['upload_file', 'extract', 'parse', 'get_job', 'cancel_job', 'list_extractors']));
    expect(toolsForScope('admin')).toHaveLength(TOOLS.length);
    expect(toolsForScope(null)).toHaveLength(TOOLS.length);
  });
});
