import { describe, expect, it } from '@jest/globals';
import { openTextLayer } from '../../src/documents/this-thread.js';
import { helveticaWidth, makePlacedTextPdf } from '../fixtures/documents.js';

// Page boxes of values found in a PDF's text layer, against positions placed by construction.
describe('text layer search', () => {
  const W = 612;
  const H = 792;
  const placed = [
    { page: 2, text: 'INV-2024-0042', x: 100, baseline: 200, size: 20 },
    { page: 3, text: 'Total 1,234.56', x: 300, baseline: 700, size: 12 },
  ];
  const pdf = makePlacedTextPdf(4, placed, [4]);

  it('finds a value on the right page, with a box within 2 % of where it was placed', () => {
    const layer = openTextLayer(pdf);
    try {
      for (const t of placed) {
        const boxes = layer.find(t.text, [1, 2, 3, 4]);
        expect(boxes).toHaveLength(1);
        const box = boxes[0]!;
        expect(box.page).toBe(t.page);
        const truth = {
          x0: t.x / W,
          x1: (t.x + helveticaWidth(t.text, t.size)) / W,
          // Helvetica's ascender and descender: 0.718 and -0.207 em.
          y0: (t.baseline - 0.718 * t.size) / H,
          y1: (t.baseline + 0.207 * t.size) / H,
        };
        for (const k of ['x0', 'x1', 'y0', 'y1'] as const) expect(Math.abs(box[k] - truth[k])).toBeLessThan(0.02);
        expect(box.x0).toBeLessThan(box.x1);
        expect(box.y0).toBeLessThan(box.y1);
      }
      // A part of a value is found too; on pages outside the list nothing is.
      expect(layer.find('1,234.56', [3])).toHaveLength(1);
      expect(layer.find('INV-2024-0042', [1, 3, 4])).toEqual([]);
    } finally {
      layer.close();
    }
  });

  it('has nothing to find on an image-only page or for an absent text', () => {
    const layer = openTextLayer(pdf);
    try {
      expect(layer.find('INV', [4])).toEqual([]);
      expect(layer.find('not on any page', [1, 2, 3, 4])).toEqual([]);
      expect(layer.find('   ', [2])).toEqual([]);
      expect(layer.find('INV-2024-0042', [99])).toEqual([]);
    } finally {
      layer.close();
    }
  });
});
