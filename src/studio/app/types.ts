// The shapes the studio reads: the typed client's (generated from openapi.yaml), and its own selection.
import type { components } from '../../../clients/typescript/index.js';

export type { ExtractionJob, Extractor, FileRecord, Job, ParseJob, Parser, SchemaValidation } from '../../../clients/typescript/index.js';

/** Page fractions, origin top-left. */
export type Box = components['schemas']['PageBox'];
export type Provenance = components['schemas']['ValueProvenance'];

/** What is selected in a result: the pages to show and the boxes to draw on them. */
export interface Selection {
  label: string;
  pages: number[];
  boxes: Box[];
}
