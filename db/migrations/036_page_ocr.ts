import type { Knex } from 'knex';

// Issue 54: a page's OCR words, read once per file page and stored with the file's renditions
// (reached through its file, like file_renditions: no workspace column). A row is first a claim
// (`running`, by whoever reads the page) and then the result (`done`): the claim is the DB-level
// guard that one page is read once, whichever process asks first; a claim whose reader died is
// taken over once it is older than the OCR time limit.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('file_page_ocr', (t) => {
    t.text('file_id').notNullable().references('id').inTable('files').onDelete('CASCADE');
    t.integer('page').notNullable(); // one-based page of the file's page source
    t.text('status').notNullable(); // running | done
    t.text('text');
    t.jsonb('words'); // [{text, box: {x0,y0,x1,y1}, confidence}]
    t.integer('rotation'); // quarter turn the page was read at (0 upright)
    t.timestamp('claimed_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('done_at', { useTz: true });
    t.primary(['file_id', 'page']);
  });
  await knex.raw(`ALTER TABLE file_page_ocr ADD CONSTRAINT file_page_ocr_status CHECK (status IN ('running', 'done'))`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('file_page_ocr');
}
