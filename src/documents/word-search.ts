// Finding a text among a page's words (issue 54): provenance on pages whose text layer is words
// with boxes and nothing else (OCR), where mupdf's search of a PDF text layer has nothing to search.
// Case and spacing are ignored (a value "1 234.50" is found in "1234.50"); a hit may start or end
// inside a word (a value "30.90" printed as "RM30.90"), its box then narrowed to the characters.

export interface BoxedWord {
  text: string;
  box: { x0: number; y0: number; x1: number; y1: number };
}

export interface WordHit {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const fold = (s: string) => s.normalize('NFKC').toLocaleLowerCase('en').replace(/\s+/g, '');
const round = (n: number) => Math.round(n * 1e5) / 1e5;

/** Boxes (page fractions) of every occurrence of `needle` among `words`, in reading order. */
export function findInWords(words: BoxedWord[], needle: string, maxHits = 20): WordHit[] {
  const target = fold(needle);
  if (!target) return [];
  // The page's words run together, each character remembering its word and place in it.
  let joined = '';
  const owner: number[] = [];
  const offset: number[] = [];
  const lengths: number[] = [];
  words.forEach((w, i) => {
    const t = fold(w.text);
    lengths.push(t.length);
    for (let k = 0; k < t.length; k++) {
      owner.push(i);
      offset.push(k);
    }
    joined += t;
  });
  const hits: WordHit[] = [];
  for (let at = joined.indexOf(target); at >= 0 && hits.length < maxHits; at = joined.indexOf(target, at + target.length)) {
    const end = at + target.length - 1;
    const first = owner[at]!;
    const last = owner[end]!;
    const boxes = words.slice(first, last + 1).map((w) => w.box);
    let x0 = Math.min(...boxes.map((b) => b.x0));
    let x1 = Math.max(...boxes.map((b) => b.x1));
    const y0 = Math.min(...boxes.map((b) => b.y0));
    const y1 = Math.max(...boxes.map((b) => b.y1));
    if (first === last) {
      // Within one word: the share of its width the matched characters take (glyphs about even).
      const b = words[first]!.box;
      const n = lengths[first]!;
      x0 = b.x0 + ((b.x1 - b.x0) * offset[at]!) / n;
      x1 = b.x0 + ((b.x1 - b.x0) * (offset[end]! + 1)) / n;
    }
    hits.push({ x0: round(x0), y0: round(y0), x1: round(x1), y1: round(y1) });
  }
  return hits;
}
