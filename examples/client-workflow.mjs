#!/usr/bin/env node
// `node examples/client-workflow.mjs …` runs examples/client-workflow.ts, the client workflow written
// with the TypeScript client (clients/typescript), through tsx's loader (a dependency of this
// repository), in this same process. Read client-workflow.ts for the code.
import { register } from 'tsx/esm/api';

register();
await import('./client-workflow.ts');
