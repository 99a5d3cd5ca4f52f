import type { Knex } from 'knex';

// The initial schema. Foreign keys with RESTRICT protect files, extractors and parsers
// that jobs still reference: the database refuses the delete, not only a check in code.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('providers', (t) => {
    t.text('name').primary();
    t.text('base_url');
    t.jsonb('configuration').notNullable().defaultTo('{}');
    t.text('api_key_ciphertext'); // AES-256-GCM, see src/storage/secrets.ts
    t.text('api_key_env');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('extractors', (t) => {
    t.text('id').primary();
    t.text('name').notNullable().unique();
    t.text('display_name').notNullable();
    t.text('instructions').notNullable();
    t.text('reasoning_effort');
    t.text('provider_name').notNullable().references('name').inTable('providers');
    t.text('model').notNullable();
    t.jsonb('schema').notNullable();
    t.jsonb('examples').notNullable().defaultTo('[]');
    t.text('source').notNullable().checkIn(['user', 'prebuilt']);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('parsers', (t) => {
    t.text('id').primary();
    t.text('name').notNullable().unique();
    t.text('display_name').notNullable();
    t.text('output_format').notNullable().defaultTo('markdown');
    t.text('instructions').notNullable().defaultTo('');
    t.text('reasoning_effort');
    t.text('provider_name').notNullable().references('name').inTable('providers');
    t.text('model').notNullable();
    t.text('source').notNullable().checkIn(['user', 'prebuilt']);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable('files', (t) => {
    t.text('id').primary();
    t.text('filename').notNullable();
    t.text('media_type').notNullable();
    t.bigInteger('size_bytes').notNullable();
    t.text('sha256').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  // Bytes live apart from the record so listing files never reads them.
  await knex.schema.createTable('file_blobs', (t) => {
    t.text('file_id').primary().references('id').inTable('files').onDelete('CASCADE');
    t.binary('content').notNullable();
  });

  await knex.schema.createTable('extraction_jobs', (t) => {
    t.text('id').primary();
    t.text('extractor_id').notNullable().references('id').inTable('extractors').onDelete('RESTRICT');
    t.jsonb('extractor_snapshot').notNullable();
    t.text('file_id').references('id').inTable('files').onDelete('RESTRICT');
    t.text('source_text');
    t.text('status').notNullable();
    t.text('provider_name_used');
    t.text('model_used');
    t.jsonb('result');
    t.jsonb('error');
    t.jsonb('usage');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('started_at', { useTz: true });
    t.timestamp('completed_at', { useTz: true });
    t.index(['created_at', 'id']);
    t.index(['extractor_id']);
    t.index(['file_id']);
  });
  await knex.raw(
    'ALTER TABLE extraction_jobs ADD CONSTRAINT extraction_jobs_one_input CHECK ((file_id IS NULL) <> (source_text IS NULL))',
  );

  await knex.schema.createTable('parse_jobs', (t) => {
    t.text('id').primary();
    t.text('parser_id').notNullable().references('id').inTable('parsers').onDelete('RESTRICT');
    t.jsonb('parser_snapshot').notNullable();
    t.text('file_id').notNullable().references('id').inTable('files').onDelete('RESTRICT');
    t.text('status').notNullable();
    t.text('provider_name_used');
    t.text('model_used');
    t.text('reasoning_effort_used');
    t.text('model_adapter_used');
    t.integer('pages_total');
    t.jsonb('error');
    t.jsonb('usage');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('started_at', { useTz: true });
    t.timestamp('completed_at', { useTz: true });
    t.index(['created_at', 'id']);
    t.index(['parser_id']);
    t.index(['file_id']);
  });

  // One row per finished page, written as soon as the page is done.
  await knex.schema.createTable('parse_pages', (t) => {
    t.text('job_id').notNullable().references('id').inTable('parse_jobs').onDelete('CASCADE');
    t.integer('page_number').notNullable();
    t.text('content').notNullable();
    t.jsonb('usage');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(['job_id', 'page_number']);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['parse_pages', 'parse_jobs', 'extraction_jobs', 'file_blobs', 'files', 'parsers', 'extractors', 'providers']) {
    await knex.schema.dropTableIfExists(table);
  }
}
