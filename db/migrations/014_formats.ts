import type { Knex } from 'knex';

// Issue 39 (formats): every file has pages. A file in another format than PDF, PNG or JPEG is
// converted at upload to a PDF rendition, stored beside the original bytes; pages, page images and
// the text layer are read from it (the original stays what GET /content returns). A spreadsheet's
// rendition also records where each cell is drawn.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('files', (t) => {
    // pdf | image | document | presentation | spreadsheet | web | text | email; null (rows written
    // without it) reads as what the media type says (src/domain/files.ts).
    t.text('kind');
    t.integer('page_count'); // null: a PDF stored before this release, or one that cannot be read
  });
  await knex.raw(`UPDATE files SET kind = CASE WHEN media_type = 'application/pdf' THEN 'pdf' ELSE 'image' END`);
  await knex.raw(`UPDATE files SET page_count = 1 WHERE media_type IN ('image/png', 'image/jpeg')`);
  await knex.schema.createTable('file_renditions', (t) => {
    t.text('file_id').primary().references('id').inTable('files').onDelete('CASCADE');
    t.binary('pdf').notNullable();
    t.jsonb('cells'); // spreadsheets: [{sheet, cell, page, box}]
  });
  // Compressed PDF streams: see 002 (chunked reads without decompressing from the start).
  await knex.raw('ALTER TABLE file_renditions ALTER COLUMN pdf SET STORAGE EXTERNAL');
  // Extraction requests carry each page's text layer beside its image unless an extractor opts out.
  await knex.schema.alterTable('extractors', (t) => {
    t.boolean('include_text_layer').notNullable().defaultTo(true);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('extractors', (t) => {
    t.dropColumn('include_text_layer');
  });
  await knex.schema.dropTable('file_renditions');
  await knex.schema.alterTable('files', (t) => {
    t.dropColumn('page_count');
    t.dropColumn('kind');
  });
}
