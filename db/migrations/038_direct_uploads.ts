import type { Knex } from 'knex';

// Issue 53 (direct uploads): an upload announced with POST /v1/uploads, its bytes PUT straight to
// the bucket with a presigned URL, then completed into a file. `object_key` is where the client puts
// the bytes; once completed, `file_id` names the file made of them (a PDF, PNG or JPEG file keeps
// that very object as its bytes), so a second completion answers the same file. A deleted file
// leaves `completed_at` set and `file_id` null.

const DEFAULT_WORKSPACE_ID = 'ws_00000000000000000000000000';

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('direct_uploads', (t) => {
    t.text('id').primary();
    t.text('workspace_id').notNullable().defaultTo(DEFAULT_WORKSPACE_ID).references('id').inTable('workspaces').onDelete('CASCADE');
    t.text('filename').notNullable();
    t.bigInteger('size_bytes').notNullable();
    t.text('content_type');
    t.text('object_key').notNullable();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.text('file_id').references('id').inTable('files').onDelete('SET NULL');
    t.timestamp('completed_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['workspace_id', 'created_at', 'id']);
    t.index(['file_id']);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('direct_uploads');
}
