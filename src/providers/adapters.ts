// Which request shape a model gets. NuExtract models are recognised by exact id only: a lookalike
// name must not receive chat_template_kwargs it does not understand.
import type { Config } from '../config/index.js';
import type { ExtractionAdapter, ParseAdapter } from './types.js';

export type AdapterConfig = Pick<Config, 'nuextractModels'>;

export function isNuExtractModel(model: string, config: AdapterConfig): boolean {
  return config.nuextractModels.includes(model);
}

export function extractionAdapterFor(model: string, config: AdapterConfig): ExtractionAdapter {
  return isNuExtractModel(model, config) ? 'nuextract-template' : 'generic-json-schema';
}

export function parseAdapterFor(model: string, config: AdapterConfig): ParseAdapter {
  return isNuExtractModel(model, config) ? 'nuextract-markdown' : 'generic-vision';
}
