import type { Knex } from 'knex';
import * as initial from './migrations/001_initial.js';
import * as fileBlobsExternal from './migrations/002_file_blobs_external_storage.js';
import * as longdocsExtractionWindows from './migrations/005_longdocs_extraction_windows.js';

// Migrations are imported as modules (not discovered on disk) so they work the same
// under tsx, ts-jest and compiled JavaScript.
const migrations: Record<string, Pick<Knex.Migration, 'up' | 'down'>> = {
  '001_initial': initial,
  '002_file_blobs_external_storage': fileBlobsExternal,
  '005_longdocs_extraction_windows': longdocsExtractionWindows,
};

const source: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name]!,
};

export async function migrateLatest(knex: Knex): Promise<void> {
  await knex.migrate.latest({ migrationSource: source });
}
