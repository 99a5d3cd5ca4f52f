import type { Knex } from 'knex';

// Issue 39 (e-mail): a file taken out of an e-mail names the e-mail it came from, and an e-mail
// lists the attachments it could not store. (Renditions, the PDF a converted file's pages are read
// from, are 014's file_renditions.)

export async function up(knex: Knex): Promise<void> {
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
}
