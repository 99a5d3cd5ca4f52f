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
import * as engine from './migrations/013_engine.js';
import * as formats from './migrations/014_formats.js';
import * as emailAttachments from './migrations/015_email_attachments.js';
import * as packets from './migrations/016_packets.js';
import * as trust from './migrations/017_trust.js';
import * as retrieval from './migrations/018_retrieval.js';
import * as operators from './migrations/019_operators.js';
import * as packetsEvaluation from './migrations/020_packets_evaluation.js';
import * as candidates from './migrations/021_candidates.js';
import * as batchFailed from './migrations/022_batch_failed.js';
import * as workspaces from './migrations/023_workspaces.js';
import * as classificationNotify from './migrations/026_classification_notify.js';
import * as schemaSuggestions from './migrations/035_schema_suggestions.js';
import * as compactCells from './migrations/032_compact_cells.js';
import * as extractorRules from './migrations/034_extractor_rules.js';
import * as fileConverter from './migrations/033_file_converter.js';
import * as pageOcr from './migrations/036_page_ocr.js';
import * as objectStorage from './migrations/037_object_storage.js';
import * as directUploads from './migrations/038_direct_uploads.js';
import * as batchBuckets from './migrations/039_batch_buckets.js';

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
  '013_engine': engine,
  '014_formats': formats,
  '015_email_attachments': emailAttachments,
  '016_packets': packets,
  '017_trust': trust,
  '018_retrieval': retrieval,
  '019_operators': operators,
  '020_packets_evaluation': packetsEvaluation,
  '021_candidates': candidates,
  '022_batch_failed': batchFailed,
  '023_workspaces': workspaces,
  '026_classification_notify': classificationNotify,
  '035_schema_suggestions': schemaSuggestions,
  '032_compact_cells': compactCells,
  '034_extractor_rules': extractorRules,
  '033_file_converter': fileConverter,
  '036_page_ocr': pageOcr,
  '037_object_storage': objectStorage,
  '038_direct_uploads': directUploads,
  '039_batch_buckets': batchBuckets,
};

const source: Knex.MigrationSource<string> = {
  getMigrations: async () => Object.keys(migrations).sort(),
  getMigrationName: (name) => name,
  getMigration: async (name) => migrations[name]!,
};

export async function migrateLatest(knex: Knex): Promise<void> {
  await knex.migrate.latest({ migrationSource: source });
}

/** Migrate up to and including `last` only (an upgrade test starts from an earlier release's schema). */
export async function migrateUpTo(knex: Knex, last: string): Promise<void> {
  const upTo: Knex.MigrationSource<string> = { ...source, getMigrations: async () => Object.keys(migrations).sort().filter((n) => n <= last) };
  await knex.migrate.latest({ migrationSource: upTo });
}
