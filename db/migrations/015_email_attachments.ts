import type { Knex } from 'knex';

// Issue 39 (spreadsheets and e-mail): a file may have a rendition — the PDF its pages are read
// from when the upload is not itself a PDF or an image (a workbook drawn as grids, an e-mail's
// header block and body) — and a file taken out of an e-mail names the e-mail it came from.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('file_renditions', (t) => {
    t.text('file_id').primary().references('id').inTable('files').onDelete('CASCADE');
    t.text('kind').notNullable(); // FileKind (src/documents/formats/types.ts)
    t.integer('page_count').notNullable();
    t.binary('pdf').notNullable();
    // Spreadsheets: [{sheet, cell, page, box}] for every value drawn.
    t.jsonb('cells');
  });
  // The PDF is compressed already (as file_blobs' content, migration 002).
  await knex.raw('ALTER TABLE file_renditions ALTER COLUMN pdf SET STORAGE EXTERNAL');
  await knex.schema.alterTable('files', (t) => {
    // Deleting an e-mail deletes its attachments; a job or an evaluation item referencing any of
    // them refuses the whole delete (their foreign keys are not cascading).
    t.text('parent_file_id').references('id').inTable('files').onDelete('CASCADE');
    t.text('attachment_filename');
    t.integer('attachment_index');
    // [{filename, media_type, reason}]: attachments not stored as files, and why.
    t.jsonb('skipped_attachments').notNullable().defaultTo('[]');
  });
  await knex.raw('CREATE INDEX files_parent ON files (parent_file_id, attachment_index) WHERE parent_file_id IS NOT NULL');
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('DROP INDEX IF EXISTS files_parent');
  await knex.schema.alterTable('files', (t) => {
    t.dropColumn('skipped_attachments');
    t.dropColumn('attachment_index');
    t.dropColumn('attachment_filename');
    t.dropColumn('parent_file_id');
  });
  await knex.schema.dropTableIfExists('file_renditions');
}
