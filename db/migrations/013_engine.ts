import type { Knex } from 'knex';

// Issue 38 (interactive first): a batch's slice asks, every poll, whether any job created on its
// own is queued or running (src/domain/batch-window.ts). These partial indexes hold exactly those
// rows, so the question costs an index probe however many finished jobs the tables hold.

const INDEXES = [
  ['extraction_jobs', 'extraction_jobs_interactive_active', 'batch_id IS NULL AND evaluation_run_id IS NULL'],
  ['parse_jobs', 'parse_jobs_interactive_active', 'batch_id IS NULL'],
] as const;

export async function up(knex: Knex): Promise<void> {
  for (const [table, name, where] of INDEXES) {
    await knex.raw(`CREATE INDEX IF NOT EXISTS ${name} ON ${table} (created_at) WHERE ${where} AND status IN ('queued', 'running')`);
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const [, name] of INDEXES) await knex.raw(`DROP INDEX IF EXISTS ${name}`);
}
