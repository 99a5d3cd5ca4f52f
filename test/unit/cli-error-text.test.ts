// The command line's error lines: a structured API detail is shown one problem a line, never as raw JSON.
import { describe, expect, it } from '@jest/globals';
import { errorLines } from '../../src/cli/error-text.js';

describe('errorLines', () => {
  it('prints a string detail as it is', () => {
    expect(errorLines('not_found', "Extractor 'x' not found")).toEqual(["error not_found: Extractor 'x' not found"]);
  });

  it("prints invalid_schema's {message, errors, warnings} one diagnostic a line", () => {
    const detail = {
      message: 'The schema does not belong to the extraction schema dialect.',
      errors: [{ code: 'unsupported_keyword', path: '$.properties.date.format', message: "'format' is not supported" }],
      warnings: [{ code: 'missing_description', path: '$.properties.total', message: 'no description' }],
    };
    const lines = errorLines('invalid_schema', detail);
    expect(lines).toEqual([
      'error invalid_schema: The schema does not belong to the extraction schema dialect.',
      "  unsupported_keyword at $.properties.date.format: 'format' is not supported",
      '  warning missing_description at $.properties.total: no description',
    ]);
    expect(lines.join('\n')).not.toContain('{');
  });

  it('prints request-shape problems (HTTPValidationError) by location', () => {
    const detail = [
      { loc: ['body', 'schema'], msg: 'Field required', type: 'missing' },
      { loc: ['body', 'name'], msg: 'String should match pattern', type: 'string_pattern_mismatch' },
    ];
    expect(errorLines('validation_error', detail)).toEqual([
      'error validation_error: 2 problems',
      '  at body.schema: Field required',
      '  at body.name: String should match pattern',
    ]);
    expect(errorLines('validation_error', [detail[0]])).toEqual(['error validation_error: at body.schema: Field required']);
  });

  it('falls back to JSON only for a detail of no known shape', () => {
    expect(errorLines('http_error', { anything: 1 })).toEqual(['error http_error: {"anything":1}']);
  });
});
