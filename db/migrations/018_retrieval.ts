import type { Knex } from 'knex';

// Issue 41 (retrieval): each stored page of a parse job keeps its blocks (the page's Markdown read
// as typed blocks with boxes), written when the job completes, or on the first read of a job
// completed before. Writing them is not progress: the page trigger fires for content only.

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('parse_pages', (t) => {
    t.jsonb('blocks');
  });
  await knex.raw(`
    DROP TRIGGER IF EXISTS parse_pages_notify ON parse_pages;
    CREATE TRIGGER parse_pages_notify AFTER INSERT OR UPDATE OF content ON parse_pages
      FOR EACH ROW EXECUTE FUNCTION notify_job_page();
  `);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw(`
    DROP TRIGGER IF EXISTS parse_pages_notify ON parse_pages;
    CREATE TRIGGER parse_pages_notify AFTER INSERT OR UPDATE ON parse_pages
      FOR EACH ROW EXECUTE FUNCTION notify_job_page();
  `);
  await knex.schema.alterTable('parse_pages', (t) => {
    t.dropColumn('blocks');
  });
}
