// Issue 49: a text reader that cannot read a page or a document still answers it with no text,
// but says so (src/documents/reader-log.ts) instead of answering [] or '' silently.
import { describe, expect, it } from '@jest/globals';
import { documentPlainText } from '../../src/documents/plain-text.js';
import { describeUnreadable, setUnreadableTextSink, type UnreadableText } from '../../src/documents/reader-log.js';
import { makePdf } from '../fixtures/documents.js';

describe('text readers', () => {
  it('report a document they cannot read, and nothing for one they can', () => {
    const seen: UnreadableText[] = [];
    const previous = setUnreadableTextSink((r) => seen.push(r));
    try {
      expect(documentPlainText(Buffer.from('%PDF-1.7\nnot a document at all'))).toBe('');
      expect(seen).toEqual([{ reader: 'plain-text', page: null, message: expect.stringContaining('no objects found') }]);
      expect(describeUnreadable(seen[0]!)).toMatch(/^A document's text layer could not be read; it is answered with no text: .*no objects found/);
      expect(describeUnreadable({ reader: 'text-layer', page: 3, message: 'broken' })).toBe("Page 3's text layer could not be read; it is answered with no text: broken");

      seen.length = 0;
      expect(documentPlainText(makePdf(['Invoice INV-7731']))).toContain('INV-7731');
      expect(seen).toEqual([]);
    } finally {
      setUnreadableTextSink(previous);
    }
  });
});
