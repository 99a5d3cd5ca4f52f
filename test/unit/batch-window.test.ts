import { describe, expect, it } from '@jest/globals';
import { batchWindow } from '../../src/domain/batch-window.js';

describe('batchWindow (interactive first)', () => {
  it('is the batch concurrency while no interactive job waits', () => {
    expect(batchWindow(16, 0, 2)).toBe(16);
  });
  it('shrinks to the setting while interactive jobs are queued or running', () => {
    expect(batchWindow(16, 1, 2)).toBe(2);
    expect(batchWindow(16, 40, 4)).toBe(4);
  });
  it('never grows a batch beyond its own concurrency', () => {
    expect(batchWindow(1, 3, 2)).toBe(1);
  });
});
