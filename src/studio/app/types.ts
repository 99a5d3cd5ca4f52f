// The shapes the studio reads (a subset of openapi.yaml's).

export interface FileRecord {
  id: string;
  filename: string;
  media_type: string;
  size_bytes: number;
  created_at: string;
}

export interface Extractor {
  id: string;
  name: string;
  display_name: string;
  instructions: string;
  reasoning_effort: string | null;
  provider_name: string;
  model: string;
  schema: Record<string, unknown>;
  is_prebuilt: boolean;
}

export interface Parser {
  id: string;
  name: string;
  display_name: string;
  is_prebuilt: boolean;
}

export interface SchemaIssue {
  message: string;
  path: string;
  code: string;
}

export interface SchemaValidation {
  valid: boolean;
  errors: SchemaIssue[];
  warnings: SchemaIssue[];
}

/** Page fractions, origin top-left. */
export interface Box {
  page: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface Provenance {
  pages: number[];
  boxes?: Box[];
}

interface JobBase {
  id: string;
  file_id: string | null;
  status: 'queued' | 'running' | 'completed' | 'failed' | 'canceling' | 'deleting' | 'canceled';
  error: { code: string; message: string } | null;
  progress: { pages_total: number; pages_completed: number } | null;
}

export interface ExtractionJob extends JobBase {
  result: { data: unknown; provenance?: Record<string, Provenance> } | null;
}

export interface ParseJob extends JobBase {
  result: { content: string; page_count: number; pages: Array<{ page_number: number; content: string }> } | null;
}

export type Job = ExtractionJob | ParseJob;

/** What is selected in a result: the pages to show and the boxes to draw on them. */
export interface Selection {
  label: string;
  pages: number[];
  boxes: Box[];
}
