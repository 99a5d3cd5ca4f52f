import type { Knex } from 'knex';

// Issue 45 (operators): the API's proof of its secret key, per task queue, so that a worker polling
// that queue can tell at start-up whether its SERVICE_SECRET_KEY is the API's: a short constant
// encrypted by the API with its key (src/runtime/key-check.ts). No secret is stored here.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('secret_key_checks', (t) => {
    t.text('task_queue').primary();
    t.text('ciphertext').notNullable();
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('secret_key_checks');
}
