// Tables as data: every table block of a document with its pages and boxes, a table continued on
// the next page joined to it. A table continues when it is the last block of its page and the next
// page's first block (page headers and footers aside) is a table with as many columns; the
// continuation's header row is dropped when it repeats the table's.
import { isFurniture } from './page-furniture.js';
import type { BlockPage, PageBox, TableData } from './types.js';

export interface DocumentTable extends TableData {
  index: number;
  pages: number[];
  boxes: PageBox[];
}

export function documentTables(pages: BlockPage[]): DocumentTable[] {
  const tables: DocumentTable[] = [];
  let open: DocumentTable | null = null; // a table that ended its page and may go on
  for (const page of pages) {
    const content = page.blocks.filter((b) => !isFurniture(b));
    content.forEach((block, i) => {
      if (block.type !== 'table' || !block.table) return;
      const box = block.box ? [{ page: page.page_number, ...block.box }] : [];
      const columns = block.table.rows[0]?.length ?? 0;
      if (i === 0 && open && (open.rows[0]?.length ?? 0) === columns) {
        const repeated = sameRows(block.table.rows.slice(0, open.header_rows), open.rows.slice(0, open.header_rows));
        open.rows.push(...block.table.rows.slice(repeated ? block.table.header_rows : 0));
        open.pages.push(page.page_number);
        open.boxes.push(...box);
      } else {
        tables.push({ index: tables.length, pages: [page.page_number], boxes: box, rows: block.table.rows.map((r) => r.slice()), header_rows: block.table.header_rows });
      }
    });
    const last = content[content.length - 1];
    open = last?.type === 'table' ? tables[tables.length - 1]! : null;
  }
  return tables;
}

const sameRows = (a: string[][], b: string[][]) => a.length === b.length && a.every((row, i) => row.join('\u0000') === b[i]!.join('\u0000'));

/** Cell text is Markdown already: only its pipes need the table's escape. */
const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\r?\n/g, ' ');
export const tableRowMarkdown = (row: string[]) => `| ${row.map(cell).join(' | ')} |`;

/** A GFM table of the rows: the first row above the delimiter row (GFM has one header row). */
export function tableMarkdown(rows: string[][]): string {
  const columns = rows[0]?.length ?? 0;
  const lines = rows.slice(0, 1).map(tableRowMarkdown);
  lines.push(`| ${Array.from({ length: columns }, () => '---').join(' | ')} |`);
  for (const row of rows.slice(1)) lines.push(tableRowMarkdown(row));
  return lines.join('\n');
}
