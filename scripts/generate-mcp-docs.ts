// Rewrites the tool reference in docs/mcp.md from the MCP server's own definitions (src/mcp/docs.ts).
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { withToolReference } from '../src/mcp/docs.js';

const page = fileURLToPath(new URL('../docs/mcp.md', import.meta.url));
writeFileSync(page, withToolReference(readFileSync(page, 'utf8')));
console.log(`Wrote the tool reference of ${page}`);
