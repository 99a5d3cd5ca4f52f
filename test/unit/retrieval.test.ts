import { describe, expect, it } from '@jest/globals';
import { decode, encode } from 'gpt-tokenizer/encoding/cl100k_base';
import { closeRenderPool, pageWordsInPool } from '../../src/documents/index.js';
import { readPageWords } from '../../src/documents/this-thread.js';
import { alignBlocks } from '../../src/retrieval/align.js';
import { splitText } from '../../src/retrieval/chunker.js';
import { chunkPages, countTokens, documentBlocks, documentTables, renderDocument, type Block, type BlockPage } from '../../src/retrieval/index.js';
import { markdownToBlocks } from '../../src/retrieval/markdown-blocks.js';
import { markPageFurniture } from '../../src/retrieval/page-furniture.js';
import { makePdf, makePng } from '../fixtures/documents.js';

const kinds = (blocks: Block[]) => blocks.map((b) => [b.type, b.level]);
const page = (page_number: number, content: string): BlockPage => ({ page_number, blocks: markdownToBlocks(content) });

describe('Markdown read as blocks', () => {
  it('reads headings with levels, paragraphs and nested list items with their depth', () => {
    const blocks = markdownToBlocks('# Title\n\nIntro text.\n\n### Deep\n\n- one\n  - one.a\n    1. one.a.i\n- two **bold**\n\n2. ordered');
    expect(kinds(blocks)).toEqual([
      ['heading', 1],
      ['paragraph', null],
      ['heading', 3],
      ['list_item', 1],
      ['list_item', 2],
      ['list_item', 3],
      ['list_item', 1],
      ['list_item', 1],
    ]);
    expect(blocks.map((b) => b.text)).toEqual(['Title', 'Intro text.', 'Deep', 'one', 'one.a', 'one.a.i', 'two **bold**', 'ordered']);
  });

  it('reads a GFM table as rows of cells: escaped pipes unescaped, empty cells kept, its Markdown as text', () => {
    const md = '| Item | Note | Qty |\n|---|:---:|--:|\n| a \\| b |  | 1 |\n| c | x |  |';
    const [table] = markdownToBlocks(md);
    expect(table!.type).toBe('table');
    expect(table!.text).toBe(md);
    expect(table!.table).toEqual({
      rows: [
        ['Item', 'Note', 'Qty'],
        ['a | b', '', '1'],
        ['c', 'x', ''],
      ],
      header_rows: 1,
    });
  });

  it('reads fenced code, formulas (display math, \\[ \\] and a math fence) and figures', () => {
    const md = '```python\nprint(1)\n```\n\n$$\nE = mc^2\n$$\n\n\\[ a^2 + b^2 \\]\n\n```math\nx = y\n```\n\n[Figure: a bar chart of sales]\n\n![logo](logo.png)\n\n[a link](https://example.com) in text';
    const blocks = markdownToBlocks(md);
    expect(blocks.map((b) => b.type)).toEqual(['code', 'formula', 'formula', 'formula', 'figure', 'figure', 'paragraph']);
    expect(blocks[0]!.text).toBe('```python\nprint(1)\n```');
    expect(blocks[1]!.text).toBe('$$\nE = mc^2\n$$');
    expect(blocks[4]!.text).toBe('[Figure: a bar chart of sales]');
  });

  it('leaves out HTML comments, rules and blank lines; reads a quotation as its paragraphs', () => {
    const blocks = markdownToBlocks('<!-- note -->\n\n---\n\n> quoted words\n\n\n\nend');
    expect(blocks.map((b) => [b.type, b.text])).toEqual([
      ['paragraph', 'quoted words'],
      ['paragraph', 'end'],
    ]);
  });

  it('marks a first or last line repeated on most pages of three or more as page header or footer', () => {
    const pages = [1, 2, 3, 4].map((n) => page(n, `ACME Annual Report\n\n# Part ${n}\n\nBody of page ${n}.${n === 3 ? '' : `\n\nPage ${n} of 4`}`));
    const marked = markPageFurniture(pages);
    for (const p of marked) {
      expect(p.blocks[0]!.type).toBe('page_header');
      expect(p.blocks[1]!.type).toBe('heading');
    }
    expect(marked.map((p) => p.blocks[p.blocks.length - 1]!.type)).toEqual(['page_footer', 'page_footer', 'paragraph', 'page_footer']);
    // A page's only block is content.
    const lone = markPageFurniture([1, 2, 3].map((n) => page(n, `# Page ${n}`)));
    expect(lone.map((p) => p.blocks[0]!.type)).toEqual(['heading', 'heading', 'heading']);
    // Two pages are too few to tell furniture from content.
    expect(markPageFurniture(pages.slice(0, 2))).toEqual(pages.slice(0, 2));
  });
});

describe('blocks aligned to the text layer', () => {
  const text = ['Quarterly Report', 'Revenue grew in every region this year.', 'North 120 South 95'];
  const pdf = makePdf([text.join('\n')], { fontSize: 16 });
  const words = readPageWords(pdf)[0]!;

  it('boxes each block around the words it holds, in reading order', () => {
    const blocks = alignBlocks(markdownToBlocks('# Quarterly Report\n\nRevenue grew in **every** region this year.\n\n| Region | Sales |\n|---|---|\n| North | 120 |\n| South | 95 |\n\n[Figure: not printed]'), words);
    expect(blocks.map((b) => b.box === null)).toEqual([false, false, false, true]);
    const byLine = (prefix: string) => words.filter((w) => prefix.split(' ').includes(w.text.replace(/[.,]$/, '')));
    for (const [i, line] of [[0, text[0]!], [1, text[1]!]] as const) {
      const box = blocks[i]!.box!;
      for (const w of byLine(line)) {
        expect(box.x0).toBeLessThanOrEqual(w.x0);
        expect(box.y0).toBeLessThanOrEqual(w.y0);
        expect(box.x1).toBeGreaterThanOrEqual(w.x1);
        expect(box.y1).toBeGreaterThanOrEqual(w.y1);
      }
    }
    // The heading's box is the first line's, the paragraph's the second's: one below the other.
    expect(blocks[0]!.box!.y1).toBeLessThanOrEqual(blocks[1]!.box!.y0 + 0.01);
    // The table's cells are the third line's words ("Region" and "Sales" are not printed: still over half found).
    expect(blocks[2]!.box!.y0).toBeGreaterThan(blocks[1]!.box!.y0);
  });

  it('reads the words in the render pool within a time budget, or gives up past it (the worker at completion)', async () => {
    // More pages than one task reads: the pool's parts come back in page order.
    const many = makePdf(Array.from({ length: 11 }, (_, i) => `page ${i + 1} words`), { fontSize: 16 });
    const words = await pageWordsInPool(many, 60_000);
    expect(words).toEqual(readPageWords(many));
    expect(words!.map((p) => p[1]?.text)).toEqual(Array.from({ length: 11 }, (_, i) => String(i + 1)));
    expect(await pageWordsInPool(many)).toEqual(words);
    expect(await pageWordsInPool(many, -1)).toBeNull();
    await closeRenderPool();
  });

  it('gives no boxes where the page has no text layer', () => {
    expect(readPageWords(makePng(10, 10))).toEqual([]);
    const pages = documentBlocks([{ page_number: 1, content: '# Quarterly Report' }], []);
    expect(pages[0]!.blocks[0]!.box).toBeNull();
  });
});

describe('chunks', () => {
  const sentence = (i: number) => `Sentence number ${i} says something about the quarterly figures of the company. `;
  const long = Array.from({ length: 60 }, (_, i) => sentence(i)).join('').trim();
  const pages: BlockPage[] = [
    page(1, `Running head\n\n# Report\n\nOpening words.\n\n## Sales\n\n${long}\n\nPage 1`),
    page(2, `Running head\n\n| Region | Amount |\n|---|---|\n${Array.from({ length: 80 }, (_, i) => `| Region ${i} | ${i * 10} |`).join('\n')}\n\n## Costs\n\nCosts fell.\n\nPage 2`),
    page(3, `Running head\n\n# Appendix\n\n- a point\n  - a sub-point\n\nPage 3`),
  ];
  const marked = markPageFurniture(pages);

  it('counts tokens with cl100k_base exactly as the tokenizer does', () => {
    expect(countTokens('Hello, world!')).toBe(4); // Hello , world ! in cl100k_base
    expect(encode('Hello, world!')).toEqual([9906, 11, 1917, 0]);
    expect(countTokens('<|endoftext|>')).toBeGreaterThan(1); // counted as text, not refused
    for (const c of chunkPages(marked, { maxTokens: 64, overlapTokens: 0 })) expect(c.token_count).toBe(encode(c.text, { disallowedSpecial: new Set() }).length);
  });

  for (const maxTokens of [64, 512]) {
    it(`at ${maxTokens} tokens: within the limit, heading paths, pages, every block's text once, furniture left out`, () => {
      const chunks = chunkPages(marked, { maxTokens, overlapTokens: 0 });
      for (const c of chunks) expect(c.token_count).toBeLessThanOrEqual(maxTokens);
      expect(chunks.map((c) => c.index)).toEqual(chunks.map((_, i) => i));
      const all = chunks.map((c) => c.text).join('\n\n');
      expect(all).not.toContain('Running head');
      expect(all).not.toMatch(/Page \d/);
      // Every sentence of the long paragraph once; every table row once.
      for (let i = 0; i < 60; i++) expect(all.split(sentence(i).trim()).length - 1).toBe(1);
      for (let i = 0; i < 80; i++) expect(all.split(`| Region ${i} | ${i * 10} |`).length - 1).toBe(1);
      const first = (needle: string) => chunks.find((c) => c.text.includes(needle))!;
      expect(first('Opening words.').heading_path).toEqual(['Report']);
      expect(first('Sentence number 59').heading_path).toEqual(['Report', 'Sales']);
      expect(first('Region 79').heading_path).toEqual(['Report', 'Sales']);
      expect(first('Region 79').pages).toEqual([2]);
      expect(first('Costs fell.').heading_path).toEqual(['Report', 'Costs']);
      expect(first('a sub-point').heading_path).toEqual(['Appendix']);
      expect(first('a sub-point').pages).toEqual([3]);
      // A heading starts its chunk.
      expect(first('Costs fell.').text.startsWith('Costs')).toBe(true);
    });
  }

  it('splits a long paragraph at sentence ends and a table by rows with its header repeated', () => {
    const chunks = chunkPages(marked, { maxTokens: 64, overlapTokens: 0 });
    const sales = chunks.filter((c) => c.text.includes('Sentence number'));
    expect(sales.length).toBeGreaterThan(5);
    for (const c of sales.slice(1)) expect(c.text).toMatch(/^Sentence number \d+ says/);
    const tableParts = chunks.filter((c) => c.text.includes('| Region '));
    expect(tableParts.length).toBeGreaterThan(3);
    for (const c of tableParts) expect(c.text.startsWith('| Region | Amount |\n| --- | --- |\n') || c.text.includes('\n\n| Region | Amount |\n| --- | --- |\n')).toBe(true);
  });

  it('splits a sentence longer than the limit at words, and a word longer than it at tokens', () => {
    const words = Array.from({ length: 200 }, (_, i) => `word${i}`).join(' ');
    const parts = splitText(words, 40);
    for (const p of parts) expect(countTokens(p)).toBeLessThanOrEqual(40);
    expect(parts.join(' ')).toBe(words);
    const giant = 'x'.repeat(2000);
    const pieces = splitText(giant, 50);
    for (const p of pieces) expect(countTokens(p)).toBeLessThanOrEqual(50);
    expect(pieces.join('')).toBe(giant);
  });

  it('with overlap, a chunk continuing a section starts with the last tokens of the one before', () => {
    const chunks = chunkPages(marked, { maxTokens: 96, overlapTokens: 16 });
    for (const c of chunks) expect(c.token_count).toBeLessThanOrEqual(96);
    let checked = 0;
    for (let i = 1; i < chunks.length; i++) {
      const [prev, c] = [chunks[i - 1]!, chunks[i]!];
      const startsSection = c.heading_path.length > 0 && (c.text.startsWith(c.heading_path[c.heading_path.length - 1]!));
      if (startsSection) continue;
      const overlap = decode(encode(prev.text).slice(-16)).trimStart();
      expect(c.text.startsWith(overlap)).toBe(true);
      expect(c.heading_path).toEqual(prev.heading_path);
      checked++;
    }
    expect(checked).toBeGreaterThan(3);
    // The heading chunk of a new section carries no overlap from the section before.
    expect(chunks.find((c) => c.text.includes('Costs fell.'))!.text.startsWith('Costs')).toBe(true);
  });
});

describe('tables across pages', () => {
  it('joins a table ending a page with the same-width table starting the next, dropping its repeated header', () => {
    const pages = markPageFurniture([
      page(1, 'Head\n\nText.\n\n| A | B |\n|---|---|\n| 1 | 2 |\n\nfoot 1'),
      page(2, 'Head\n\n| A | B |\n|---|---|\n| 3 | 4 |\n\n| X | Y | Z |\n|---|---|---|\n| 5 | 6 | 7 |\n\nfoot 2'),
      page(3, 'Head\n\n| P | Q |\n|---|---|\n| 8 | 9 |\n\nfoot 3'),
    ]);
    const tables = documentTables(pages);
    expect(tables.map((t) => [t.index, t.pages, t.rows])).toEqual([
      [0, [1, 2], [['A', 'B'], ['1', '2'], ['3', '4']]],
      [1, [2], [['X', 'Y', 'Z'], ['5', '6', '7']]],
      // Not joined: the three-column table ended page 2 and this one has two columns.
      [2, [3], [['P', 'Q'], ['8', '9']]],
    ]);
  });

  it('keeps a continuation whose first row is not the header as data', () => {
    const tables = documentTables([page(1, '| A | B |\n|---|---|\n| 1 | 2 |'), page(2, '| 3 | 4 |\n|---|---|\n| 5 | 6 |')]);
    expect(tables).toHaveLength(1);
    expect(tables[0]!.rows).toEqual([['A', 'B'], ['1', '2'], ['3', '4'], ['5', '6']]);
  });
});

describe('the whole document', () => {
  const contents = [
    { page_number: 1, content: '# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n<img src=x onerror=alert(1)>' },
    { page_number: 2, content: 'Second **page**.' },
  ];
  const pages = documentBlocks(contents, []).map((p, i) => ({ ...p, content: contents[i]!.content }));

  it('renders Markdown with page breaks, HTML with sections and tables, text and JSON blocks', () => {
    expect(renderDocument(pages, 'markdown', '\n\n<!-- PageBreak -->\n\n', 't')).toBe(`${contents[0]!.content}\n\n<!-- PageBreak -->\n\n${contents[1]!.content}`);
    const html = renderDocument(pages, 'html', '', 'My <doc>');
    expect(html).toContain('<title>My &lt;doc&gt;</title>');
    expect(html).toContain('<section data-page="1">');
    expect(html).toContain('<table>');
    expect(html).toContain('<td>1</td>');
    expect(html).not.toContain('<img');
    expect(renderDocument(pages, 'text', '', 't')).toBe('Title\n\na\tb\n1\t2\n\f\nSecond page.');
    const json = JSON.parse(renderDocument(pages, 'json', '', 't'));
    expect(json.pages[1].blocks[0]).toEqual({ type: 'paragraph', text: 'Second **page**.', level: null, box: null, table: null });
  });
});
