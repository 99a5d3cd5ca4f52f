import type { Knex } from 'knex';

// Issue 30 (payloads stay out of history): a job event's body is stored once, when the event is
// planned, and every delivery attempt to every endpoint reads and signs these same bytes. Workflow
// histories carry the event's `webhook-id` only, whatever the size of the job.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('webhook_events', (t) => {
    // The `webhook-id` (src/webhooks/events.ts messageIdFor): one per job run's terminal event.
    t.text('message_id').primary();
    // No foreign key to the jobs: the event outlives a job deleted while its receiver is down.
    t.text('job_id').notNullable();
    t.text('event_type').notNullable();
    t.text('body').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['job_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('webhook_events');
}
