// Values not grounded in the document: the pages they came from have a text layer, and the
// value's text was not found on them (provenance has pages but no boxes).
import { searchTexts, type Provenance } from '../long-documents/provenance.js';
import { leaves } from './leaves.js';

/** Pages a check must know the text layer of: those of every value provenance found no box for. */
export function pagesToCheck(data: unknown, provenance: Record<string, Provenance>): number[] {
  const pages = new Set<number>();
  for (const { pointer, value } of leaves(data)) {
    const p = provenance[pointer];
    if (p && !p.boxes && searchTexts(value).length > 0) for (const n of p.pages) pages.add(n);
  }
  return [...pages].sort((a, b) => a - b);
}

/** Pointers of values whose text was searched and not found, on pages of which one has a text layer. */
export function notGrounded(data: unknown, provenance: Record<string, Provenance>, pagesWithText: Set<number>): string[] {
  return leaves(data)
    .filter(({ pointer, value }) => {
      const p = provenance[pointer];
      return !!p && !p.boxes && searchTexts(value).length > 0 && p.pages.some((n) => pagesWithText.has(n));
    })
    .map((l) => l.pointer);
}
