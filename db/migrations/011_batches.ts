import type { Knex } from 'knex';

// Issue 35 (batches): a batch is one durable unit of many ordinary jobs. Its items are the job
// rows themselves (extraction_jobs / parse_jobs with batch_id, custom_id and batch_index), written
// with the batch: request_counts are one indexed count over them, results are read in input order
// from them, and the batch's workflow keeps only a cursor (batches.next_index) into them.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('batches', (t) => {
    t.text('id').primary();
    t.text('kind').notNullable(); // extraction | parse
    t.text('definition_id').notNullable();
    t.text('definition_name').notNullable();
    // queued | running | completed | canceling | canceled | deleting (internal: removed when its items stopped)
    t.text('status').notNullable();
    t.integer('concurrency').notNullable();
    t.jsonb('metadata').notNullable().defaultTo('{}');
    t.integer('total').notNullable();
    // Items with batch_index < next_index have been handed to their workflow (the window's cursor).
    t.integer('next_index').notNullable().defaultTo(0);
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('started_at', { useTz: true });
    t.timestamp('completed_at', { useTz: true });
    t.index(['created_at', 'id']);
  });
  for (const table of ['extraction_jobs', 'parse_jobs']) {
    await knex.schema.alterTable(table, (t) => {
      // A batch's items go with it (DELETE /v1/batches/{id} removes its jobs).
      t.text('batch_id').references('id').inTable('batches').onDelete('CASCADE');
      t.text('custom_id');
      t.integer('batch_index');
    });
    // Counts, the window and results in input order: all by (batch_id, batch_index).
    await knex.raw(`CREATE UNIQUE INDEX ${table}_batch_item ON ${table} (batch_id, batch_index) WHERE batch_id IS NOT NULL`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of ['extraction_jobs', 'parse_jobs']) {
    await knex.raw(`DROP INDEX IF EXISTS ${table}_batch_item`);
    await knex.schema.alterTable(table, (t) => {
      t.dropColumn('batch_index');
      t.dropColumn('custom_id');
      t.dropColumn('batch_id');
    });
  }
  await knex.schema.dropTableIfExists('batches');
}
