// The right split of an evaluation item for classifier runs (issue 44, deliver 6): segments that
// cover the packet's pages from page 1, once each, in order.
import { z } from 'zod';
import { segmentsProblem } from '../classification/segments.js';
import { RequestValidationError } from '../errors.js';
import { text } from './text.js';

export interface ExpectedSegment {
  class: string;
  pages: { start: number; end: number };
}

const page = z.number().int().min(1).max(1_000_000);

/** The field's shape; whether the segments cover the pages is `checkExpectedSegments`, once the item's set is found. */
export const expectedSegmentsField = z
  .array(z.strictObject({ class: text(1, 64), pages: z.strictObject({ start: page, end: page }) }))
  .min(1)
  .max(10_000);

/**
 * 422 (an HTTPValidationError on `expected_segments`) unless the segments cover the pages from 1,
 * once each, in order. Checked after the set (and item) are found, as the chunks' parameter
 * relation is: a request naming a missing set is 404 whatever its body.
 */
export function checkExpectedSegments(segments: ExpectedSegment[] | undefined): void {
  if (!segments?.length) return;
  const last = segments[segments.length - 1]!.pages.end;
  // Any class name is accepted here: an item is not tied to one classifier (an unknown class simply scores as wrong).
  const problem = segmentsProblem(segments, { start: 1, end: last }, segments.map((s) => s.class));
  if (problem) {
    throw new RequestValidationError([
      { loc: ['body', 'expected_segments'], msg: `${problem} (the expected split covers every page from 1, once, in order)`, type: 'custom' },
    ]);
  }
}
