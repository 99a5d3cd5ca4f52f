// `docextract extractors|parsers apply`: reading definition files and deciding what a PUT would change.
import { describe, expect, it } from '@jest/globals';
import type { Extractor, Parser } from '../../clients/typescript/index.js';
import { changedFields, DefinitionFileError, definitionOf, parseDefinitionsFile } from '../../src/cli/definitions.js';

const SCHEMA = { type: 'object', properties: { total: { type: ['number', 'null'] } }, required: ['total'] };

const extractor = (over: Partial<Extractor> = {}): Extractor => ({
  id: 'ext_01jqz8p2r3s4t5v6w7x8y9z0a1',
  name: 'invoice',
  display_name: 'Invoice',
  instructions: 'Extract the total.',
  reasoning_effort: null,
  include_text_layer: true,
  provider_name: 'compatible_api',
  model: 'numind/NuExtract-2.0-8B',
  schema: SCHEMA,
  examples: [],
  review_threshold: null,
  review_thresholds: null,
  rules: [],
  version: 1,
  examples_strategy: 'all',
  max_examples: null,
  evaluation_set: null,
  source: 'user',
  is_prebuilt: false,
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  ...over,
});

describe('parseDefinitionsFile', () => {
  it('reads every YAML document, skipping empty ones', () => {
    const defs = parseDefinitionsFile('name: a\ndisplay_name: A\n---\nname: b\ndisplay_name: B\n---\n', 'defs.yaml');
    expect(defs.map((d) => d.name)).toEqual(['a', 'b']);
  });

  it('rejects a document without a name, a non-mapping, a syntax error and an empty file', () => {
    expect(() => parseDefinitionsFile('display_name: A\n', 'f.yaml')).toThrow(/needs a 'name'/);
    expect(() => parseDefinitionsFile('- a\n- b\n', 'f.yaml')).toThrow(/must be a mapping/);
    expect(() => parseDefinitionsFile('name: [a\n', 'f.yaml')).toThrow(DefinitionFileError);
    expect(() => parseDefinitionsFile('', 'f.yaml')).toThrow(/no definition/);
  });
});

describe('changedFields', () => {
  it('is empty when the file matches, whatever the key order of the schema and with defaults left out', () => {
    const file = { name: 'invoice', display_name: ' Invoice ', instructions: 'Extract the total.', schema: { required: ['total'], properties: SCHEMA.properties, type: 'object' } };
    expect(changedFields('extractor', file, extractor())).toEqual([]);
  });

  it('names each field that differs, examples after the service normalises their input', () => {
    const file = { name: 'invoice', display_name: 'Invoice', instructions: 'Extract the grand total.', schema: SCHEMA, examples: [{ input: { text: 't' }, output: { total: 1 } }] };
    expect(changedFields('extractor', file, extractor())).toEqual(['instructions', 'examples']);
    const stored = extractor({ instructions: 'Extract the grand total.', examples: [{ id: 'exm_01jqz8p2r3s4t5v6w7x8y9z0a1', source_job_id: null, added_at: '2026-01-01T00:00:00.000Z', input: { type: 'text', text: 't', file_id: null }, output: { total: 1 } }] });
    expect(changedFields('extractor', file, stored)).toEqual([]);
  });

  it('an explicit model or provider counts; an omitted model of the compatible provider follows the service default', () => {
    const base = { name: 'invoice', display_name: 'Invoice', instructions: 'Extract the total.', schema: SCHEMA };
    expect(changedFields('extractor', { ...base, model: 'other-model' }, extractor())).toEqual(['model']);
    expect(changedFields('extractor', { ...base, provider_name: 'hosted_api', model: 'gpt' }, extractor())).toEqual(['provider_name', 'model']);
    expect(changedFields('extractor', base, extractor({ reasoning_effort: 'low' }))).toEqual(['reasoning_effort']);
  });

  it('parsers: empty instructions and the markdown format are the defaults', () => {
    const parser = { ...extractor(), instructions: '', output_format: 'markdown' } as unknown as Parser;
    expect(changedFields('parser', { name: 'invoice', display_name: 'Invoice' }, parser)).toEqual([]);
    expect(changedFields('parser', { name: 'invoice', display_name: 'Invoice', instructions: 'Tables as HTML.' }, parser)).toEqual(['instructions']);
  });
});

describe('definitionOf', () => {
  it('keeps the definition fields only, so `get` output applies back', () => {
    const def = definitionOf('extractor', extractor());
    expect(Object.keys(def)).toEqual(['name', 'display_name', 'instructions', 'reasoning_effort', 'provider_name', 'model', 'schema', 'examples', 'examples_strategy', 'max_examples', 'review_threshold', 'review_thresholds', 'include_text_layer', 'evaluation_set', 'rules']);
    expect(changedFields('extractor', def, extractor())).toEqual([]);
  });
});

describe('changedFields and rules', () => {
  it('a file without rules would remove the extractor\'s rules: a change; the same rules are none', () => {
    const rules = [{ id: 'has-total', kind: 'required' as const, path: '/total' }];
    const current = extractor({ rules });
    const { rules: _r, ...withoutRules } = definitionOf('extractor', current);
    expect(changedFields('extractor', withoutRules, current)).toEqual(['rules']);
    expect(changedFields('extractor', definitionOf('extractor', current), current)).toEqual([]);
  });
});
