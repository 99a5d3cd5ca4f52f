import type { Knex } from 'knex';
import * as initial from './migrations/001_initial.js';
import * as fileBlobsExternal from './migrations/002_file_blobs_external_storage.js';
import * as notify from './migrations/006_notify_webhooks_idempotency_events.js';
import * as engineRetriesAndLeases from './migrations/004_engine_retries_and_provider_leases.js';
import * as longdocsExtractionWindows from './migrations/005_longdocs_extraction_windows.js';
import * as boundedLeases from './migrations/007_bounded_leases.js';
import * as historyPayloads from './migrations/008_history_payloads.js';
import * as reviewConfidence from './migrations/009_review_confidence.js';
import * as evaluations from './migrations/010_evaluations.js';
import * as batches from './migrations/011_batches.js';
import * as packets from './migrations/016_packets.js';
import * as packetsEvaluation from './migrations/020_packets_evaluation.js';

// Migrations are imported as modules (not discovered on disk) so they work the same
// under tsx, ts-jest and compiled JavaScript.
const migrations: Record<string, Pick<Knex.Migration, 'up' | 'down'>> = {
  '001_initial': initial,
  '002_file_blobs_external_storage': fileBlobsExternal,
  '006_notify_webhooks_idempotency_events': notify,
  '004_engine_retries_and_provider_leases': engineRetriesAndLeases,
  '005_longdocs_extraction_windows': longdocsExtractionWindows,
  '007_bounded_leases': boundedLeases,
  '008_history_payloads': historyPayloads,
  '009_review_confidence': reviewConfidence,
  '010_evaluations': evaluations,
  '011_batches': batches,
  '016_packets': packets,
  '020_packets_evaluation': packetsEvaluation,
};

const source: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name]!,
};

export async function migrateLatest(knex: Knex): Promise<void> {
  await knex.migrate.latest({ migrationSource: source });
}
