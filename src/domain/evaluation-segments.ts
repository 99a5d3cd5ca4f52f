// The right split of an evaluation item for classifier runs (issue 44, deliver 6): segments that
// cover the packet's pages from page 1, once each, in order.
import { z } from 'zod';
import { segmentsProblem } from '../classification/segments.js';
import { text } from './text.js';

export interface ExpectedSegment {
  class: string;
  pages: { start: number; end: number };
}

const page = z.number().int().min(1).max(1_000_000);

export const expectedSegmentsField = z
  .array(z.strictObject({ class: text(1, 64), pages: z.strictObject({ start: page, end: page }) }))
  .min(1)
  .max(10_000)
  .superRefine((segments, ctx) => {
    if (segments.length === 0) return; // refused by min(1) already
    const last = segments[segments.length - 1]!.pages.end;
    // Any class name is accepted here: an item is not tied to one classifier (an unknown class simply scores as wrong).
    const problem = segmentsProblem(segments, { start: 1, end: last }, segments.map((s) => s.class));
    if (problem) ctx.addIssue({ code: 'custom', message: `${problem} (the expected split covers every page from 1, once, in order)` });
  });
