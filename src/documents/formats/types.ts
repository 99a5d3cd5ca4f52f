// src/documents/formats/types.ts
export type FileKind = 'pdf' | 'image' | 'document' | 'presentation' | 'spreadsheet' | 'web' | 'text' | 'email';
export interface PageBox { x0: number; y0: number; x1: number; y1: number } // 0..1, origin top-left
/** Where a spreadsheet cell's displayed value is drawn (1-based page of the rendition). */
export interface CellRef { sheet: string; cell: string; page: number; box: PageBox }
/** What a converter makes of an upload. */
export interface Rendition {
  kind: FileKind;
  /** Derived PDF the pages are read from; null when the original bytes are the pages (PDF, PNG, JPEG). */
  pdf: Uint8Array | null;
  pageCount: number;
  /**
   * Which made the pages of an Office file: LibreOffice (DOCX and PPTX where installed; the
   * formats only it reads), or the service's own converter (DOCX, PPTX); absent for other formats.
   */
  converter?: 'libreoffice' | 'builtin';
  /** Spreadsheets: where each non-empty cell is drawn (words on those boxes carry sheet/cell). */
  cells?: CellRef[];
}
