// Token counts with OpenAI's cl100k_base encoding (gpt-tokenizer, pure JavaScript). Special-token
// text in a document ("<|endoftext|>") is counted as ordinary text, never refused.
import { createRequire } from 'node:module';

export const TOKENIZER = 'cl100k_base';

type Encoding = typeof import('gpt-tokenizer/encoding/cl100k_base');

// Loaded at the first count, not at import: building the encoding's tables takes ~0.2 s of CPU,
// which every process (and every test file) that imports the service paid whether or not it ever
// counted a token.
let encoding: Encoding | undefined;
const cl100k = (): Encoding => (encoding ??= createRequire(import.meta.url)('gpt-tokenizer/encoding/cl100k_base') as Encoding);

const AS_TEXT = { disallowedSpecial: new Set<string>() };

export const tokenize = (text: string): number[] => cl100k().encode(text, AS_TEXT);
export const countTokens = (text: string): number => tokenize(text).length;
export const detokenize = (tokens: number[]): string => cl100k().decode(tokens);
