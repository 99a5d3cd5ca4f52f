import type { Knex } from 'knex';
import { newId } from '../src/domain/ids.js';
import { DEFAULT_WORKSPACE_ID } from '../src/storage/workspace-ids.js';
import { DOCUMENT_TO_MARKDOWN_PARSER, PROVIDER_NAMES, RECEIPT_EXTRACTOR } from '../src/domain/prebuilt.js';

/**
 * Create the three providers and the prebuilt definitions if absent.
 * Idempotent: a second run inserts nothing and changes nothing.
 */
export async function seedPrebuilt(knex: Knex, opts: { localModel: string }): Promise<void> {
  await knex('providers')
    .insert(PROVIDER_NAMES.map((name) => ({ name, configuration: {} })))
    .onConflict('name')
    .ignore();

  await knex('extractors')
    .insert({
      id: newId('extractor'),
      ...RECEIPT_EXTRACTOR,
      schema: JSON.stringify(RECEIPT_EXTRACTOR.schema),
      examples: JSON.stringify([]),
      reasoning_effort: null,
      provider_name: 'compatible_api',
      model: opts.localModel,
      source: 'prebuilt',
      // Prebuilt definitions live in `default` and are visible, read-only, to every workspace.
      workspace_id: DEFAULT_WORKSPACE_ID,
    })
    .onConflict(['workspace_id', 'name'])
    .ignore();

  await knex('parsers')
    .insert({
      id: newId('parser'),
      ...DOCUMENT_TO_MARKDOWN_PARSER,
      reasoning_effort: null,
      provider_name: 'compatible_api',
      model: opts.localModel,
      source: 'prebuilt',
      // Prebuilt definitions live in `default` and are visible, read-only, to every workspace.
      workspace_id: DEFAULT_WORKSPACE_ID,
    })
    .onConflict(['workspace_id', 'name'])
    .ignore();
}
