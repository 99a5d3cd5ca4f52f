// Token counts with OpenAI's cl100k_base encoding (gpt-tokenizer, pure JavaScript). Special-token
// text in a document ("<|endoftext|>") is counted as ordinary text, never refused.
import { decode, encode } from 'gpt-tokenizer/encoding/cl100k_base';

export const TOKENIZER = 'cl100k_base';

const AS_TEXT = { disallowedSpecial: new Set<string>() };

export const tokenize = (text: string): number[] => encode(text, AS_TEXT);
export const countTokens = (text: string): number => tokenize(text).length;
export const detokenize = (tokens: number[]): string => decode(tokens);
