// Which activity errors end the work (issue 38): program errors and statements Postgres refuses, after
// UNFIXABLE_ATTEMPTS attempts; infrastructure trouble and classified failures stay as they are.
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from '@jest/globals';
import { ApplicationFailure, CancelledFailure } from '@temporalio/common';
import { classifyActivityError, isUnfixable, UNFIXABLE_ATTEMPTS } from '../../activities/unfixable-errors.js';
import { withReadableErrors } from '../../src/runtime/temporal-runtime.js';

const pgError = (code: string) => Object.assign(new Error(`postgres ${code}`), { code });

describe('isUnfixable', () => {
  it.each([
    ['a RangeError (stack overflow)', new RangeError('Maximum call stack size exceeded')],
    ['a TypeError', new TypeError("Cannot read properties of undefined (reading 'x')")],
    ['a SyntaxError (stored JSON)', new SyntaxError('Unexpected token')],
    ['a ReferenceError', new ReferenceError('x is not defined')],
    ['invalid text for a type (22P02)', pgError('22P02')],
    ['an unknown column (42703)', pgError('42703')],
    ['a stack depth limit (54001)', pgError('54001')],
    ['a foreign key violation (23503)', pgError('23503')],
  ])('%s is unfixable', (_name, err) => {
    expect(isUnfixable(err)).toBe(true);
  });

  it.each([
    ['Postgres down', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a serialization failure', pgError('40001')],
    ['a unique violation (a retried attempt meets its own first write)', pgError('23505')],
    ['a failed fetch (TypeError with a network cause)', new TypeError('fetch failed', { cause: new Error('ECONNRESET') })],
    ['a classified job failure', ApplicationFailure.nonRetryable('bad file', 'document_corrupt')],
    ['a cancellation', new CancelledFailure('canceled')],
    ['an ordinary Error (a webhook receiver down, no model slot free)', new Error('no response within 10000 ms')],
  ])('%s is left to the retry policy', (_name, err) => {
    expect(isUnfixable(err)).toBe(false);
  });
});

describe('classifyActivityError', () => {
  it(`rethrows an unfixable error for ${UNFIXABLE_ATTEMPTS - 1} attempts, then ends it non-retryable internal_error with its cause`, () => {
    const err = new RangeError('Maximum call stack size exceeded');
    for (let attempt = 1; attempt < UNFIXABLE_ATTEMPTS; attempt++) expect(classifyActivityError(err, attempt)).toBe(err);
    const failure = classifyActivityError(err, UNFIXABLE_ATTEMPTS) as ApplicationFailure;
    expect(failure).toBeInstanceOf(ApplicationFailure);
    expect(failure).toMatchObject({ type: 'internal_error', nonRetryable: true, message: 'RangeError: Maximum call stack size exceeded' });
    expect(failure.cause).toBe(err);
  });

  it('never touches an error a retry can fix, however many attempts', () => {
    const busy = pgError('40001');
    expect(classifyActivityError(busy, 1000)).toBe(busy);
  });
});

describe('SDK log entries', () => {
  it('carry an error with its type, message and stack, not {}', () => {
    const meta = { error: new TypeError('boom'), activityType: 'scoreEvaluationRun' };
    expect(JSON.parse(JSON.stringify(meta)).error).toEqual({});
    const readable = JSON.parse(JSON.stringify(withReadableErrors(meta)));
    expect(readable).toMatchObject({ activityType: 'scoreEvaluationRun', error: { type: 'TypeError', message: 'boom' } });
    expect(readable.error.stack).toContain('TypeError: boom');
  });

  it("carry an error of another realm (a workflow's failure, from its sandbox) readably too", () => {
    const sandboxed = runInNewContext('new RangeError("deep")') as Error;
    expect(sandboxed instanceof Error).toBe(false);
    const readable = JSON.parse(JSON.stringify(withReadableErrors({ error: sandboxed })));
    expect(readable.error).toMatchObject({ message: 'deep' });
    expect(readable.error.stack).toContain('RangeError: deep');
  });
});
