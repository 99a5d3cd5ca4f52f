// Entry point of the API thread (runtime/api-thread.ts). Plain JavaScript, so it starts the same way
// under tsx, ts-jest and plain node: it registers tsx's loader in this thread (Node 20 does not carry
// the parent's --import hooks into worker threads) and then loads the TypeScript entry.
import { register } from 'tsx/esm/api';

register();
await import('./api-thread-main.ts');
