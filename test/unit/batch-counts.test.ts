import { checkInputCount, createBatchBody, MAX_BATCH_INPUTS, requestCounts } from '../../src/domain/batches.js';
import { ServiceError } from '../../src/errors.js';

describe('request_counts', () => {
  it('map the items statuses; items being stopped count as running; total is their sum', () => {
    expect(requestCounts({ queued: 3, running: 2, canceling: 1, deleting: 1, completed: 5, failed: 4, canceled: 2 })).toEqual({
      total: 18,
      queued: 3,
      running: 4,
      completed: 5,
      failed: 4,
      canceled: 2,
    });
    expect(requestCounts({})).toEqual({ total: 0, queued: 0, running: 0, completed: 0, failed: 0, canceled: 0 });
  });
});

describe('a batch request', () => {
  it('beyond 50,000 inputs is too_many_inputs, naming the limit', () => {
    expect(() => checkInputCount({ inputs: new Array(MAX_BATCH_INPUTS) })).not.toThrow();
    try {
      checkInputCount({ inputs: new Array(MAX_BATCH_INPUTS + 1) });
      throw new Error('not refused');
    } catch (err) {
      expect(err).toBeInstanceOf(ServiceError);
      expect((err as ServiceError).code).toBe('too_many_inputs');
      expect((err as ServiceError).message).toContain('50000');
    }
  });

  it('names the definition of its kind, text only for extraction; unique custom_ids are not the body\'s check', () => {
    const ok = createBatchBody.safeParse({ kind: 'extraction', extractor_name: 'x', inputs: [{ custom_id: 'a', text: 't' }, { custom_id: 'b', file_id: 'f' }] });
    expect(ok.success).toBe(true);
    const issues = (body: unknown) => (createBatchBody.safeParse(body).error?.issues ?? []).map((i) => i.path.join('.'));
    expect(issues({ kind: 'extraction', parser_name: 'p', inputs: [{ custom_id: 'a', text: 't' }] })).toEqual(expect.arrayContaining(['extractor_name', 'parser_name']));
    expect(issues({ kind: 'parse', parser_name: 'p', inputs: [{ custom_id: 'a', text: 't' }] })).toEqual(['inputs.0.text']);
    // Checked by createBatch once the definition and files are found (test/api/batches.test.ts).
    expect(issues({ kind: 'extraction', extractor_name: 'x', inputs: [{ custom_id: 'a', text: 't' }, { custom_id: 'a', text: 'u' }] })).toEqual([]);
    expect(issues({ kind: 'extraction', extractor_name: 'x', inputs: [{ custom_id: 'a' }] })).toEqual(['inputs.0.file_id']);
    expect(issues({ kind: 'extraction', extractor_name: 'x', inputs: [{ custom_id: 'a'.repeat(65), text: 't' }] })).toEqual(['inputs.0.custom_id']);
  });
});
