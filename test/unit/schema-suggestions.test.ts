import { describe, expect, it } from '@jest/globals';
import { buildSchemaSuggestionRequest, SUGGESTION_ANSWER_SCHEMA } from '../../src/providers/suggestion-request.js';
import { validateSchema } from '../../src/schema-dialect/index.js';
import { diagnosticsText, readSuggestionAnswer } from '../../src/suggestions/answer.js';
import { checkSuggestedSchema } from '../../src/suggestions/normalize.js';
import { checkSuggestedRules } from '../../src/suggestions/rules-check.js';

// Schema suggestions (issue 51): the pure parts — normalising a suggested schema, reading the
// model's answer, checking suggested rules, and the request (with the diagnostics when asked again).

const config = { nuextractModels: ['numind/NuExtract-2.0-8B'], extractionMaxTokens: 4096 };

describe('checkSuggestedSchema', () => {
  it('makes every property required, the optional ones nullable where the dialect allows, in canonical form', () => {
    const checked = checkSuggestedSchema({
      additionalProperties: false,
      required: ['id'],
      properties: {
        id: { type: 'string' },
        kind: { type: 'string', enum: ['a', 'b'] },
        party: { type: 'object', properties: { name: { type: 'string' } } },
        tags: { type: 'array', items: { type: 'string' } },
        note: { type: ['string', 'null'] },
      },
      type: 'object',
    });
    expect(checked.valid).toBe(true);
    if (!checked.valid) return;
    expect(Object.keys(checked.schema)).toEqual(['type', 'properties', 'required', 'additionalProperties']);
    const props = checked.schema.properties as Record<string, any>;
    expect(checked.schema.required).toEqual(['id', 'kind', 'party', 'tags', 'note']);
    expect(props.id.type).toBe('string');
    expect(props.kind).toEqual({ type: ['string', 'null'], enum: ['a', 'b', null] });
    expect(props.party.type).toEqual(['object', 'null']);
    expect(props.party.required).toEqual(['name']);
    expect(props.tags.type).toBe('array');
    expect(props.note.type).toEqual(['string', 'null']);
    // Accepted by the dialect with no warning left (no optional_not_nullable, no enum_null_mismatch).
    const again = validateSchema(checked.schema);
    expect([again.valid, again.warnings]).toEqual([true, []]);
    expect(again.canonical_schema).toEqual(checked.schema);
  });

  it('returns the dialect\'s errors for a schema outside it', () => {
    const checked = checkSuggestedSchema({ type: 'object', properties: { d: { type: 'date' } } });
    expect(checked.valid).toBe(false);
    if (checked.valid) return;
    expect(checked.errors.map((e) => [e.path, e.code])).toEqual([['$.properties.d.type', 'unsupported_type']]);
  });
});

describe('readSuggestionAnswer', () => {
  const schema = { type: 'object', properties: { total: { type: 'number' }, items: { type: 'array', items: { type: 'object', properties: { amount: { type: 'number' } }, required: ['amount'] } } }, required: ['total', 'items'] };

  it('reads schema, notes, instructions and the valid rules', () => {
    const read = readSuggestionAnswer(
      {
        schema,
        field_notes: [{ path: '/total', description: 'the total' }, 'junk'],
        instructions: ' Extract the totals. ',
        rules: [{ id: 'sum', kind: 'sum', items: '/items/*/amount', equals: '/total' }, { id: 'bad', kind: 'regex', path: '/missing', pattern: 'x' }],
      },
      'fallback',
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.suggestion.field_notes).toEqual([{ path: '/total', description: 'the total' }]);
    expect(read.suggestion.instructions).toBe('Extract the totals.');
    expect(read.suggestion.rules.map((r: any) => r.id)).toEqual(['sum']);
    expect(read.rejectedRules.map((r: any) => r.rule.id)).toEqual(['bad']);
  });

  it('falls back to the request\'s instructions; no rules is an empty list', () => {
    const read = readSuggestionAnswer({ schema, field_notes: [] }, 'from the user');
    expect(read.ok && [read.suggestion.instructions, read.suggestion.rules]).toEqual(['from the user', []]);
  });

  it('gives diagnostics for an answer without a schema and for a schema outside the dialect, pointing into the answer', () => {
    for (const bad of [undefined, 'text', { field_notes: [] }, { schema: [] }]) {
      const read = readSuggestionAnswer(bad, '');
      expect(read.ok).toBe(false);
      if (!read.ok) expect(read.diagnostics[0]!.code).toBe('invalid_answer');
    }
    const read = readSuggestionAnswer({ schema: { type: 'object', properties: { n: { type: 'number', format: 'x' } } } }, '');
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.diagnostics).toEqual([expect.objectContaining({ path: '$.schema.properties.n.format', code: 'unsupported_keyword' })]);
    expect(diagnosticsText(read.diagnostics)).toContain('- $.schema.properties.n.format: ');
  });
});

describe('checkSuggestedRules', () => {
  const schema = { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] };
  it('keeps each valid rule, drops an unknown kind, a pointer outside the schema and a repeated id', () => {
    const out = checkSuggestedRules(
      [
        { id: 'r1', kind: 'range', path: '/a', min: 0 },
        { id: 'r2', kind: 'nope', path: '/a' },
        { id: 'r3', kind: 'required', path: '/c' },
        { id: 'r1', kind: 'required', path: '/b' },
        { id: 'r4', kind: 'equals', path: '/a', other: '/b' },
      ],
      schema,
    );
    expect(out.accepted.map((r) => r.id)).toEqual(['r1', 'r4']);
    expect(out.rejected).toHaveLength(3);
  });
});

describe('buildSchemaSuggestionRequest', () => {
  const input = { model: 'gpt-test', instructions: 'Invoices.', samples: [{ type: 'text' as const, text: 'Invoice 7' }] };

  it('asks with a json_schema answer format, strict where the server applies any schema', () => {
    const local = buildSchemaSuggestionRequest(input, { name: 'compatible_api' }, config);
    expect(local.response_format).toEqual({ type: 'json_schema', json_schema: { name: 'schema_suggestion', strict: true, schema: SUGGESTION_ANSWER_SCHEMA } });
    expect((buildSchemaSuggestionRequest(input, { name: 'hosted_api' }, config).response_format as any).json_schema.strict).toBe(false);
    expect(JSON.stringify(local.messages)).toContain('Instructions from the user:\\nInvoices.');
  });

  it('asked again: the first answer as the assistant turn, then the diagnostics', () => {
    const body = buildSchemaSuggestionRequest({ ...input, retry: { answer: '{"schema":{}}', diagnostics: '- $.schema: boom (invalid_answer)' } }, { name: 'compatible_api' }, config);
    const messages = body.messages as any[];
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(messages[2].content).toBe('{"schema":{}}');
    expect(messages[3].content).toContain('- $.schema: boom (invalid_answer)');
  });
});
