import { describe, expect, it } from '@jest/globals';
import { batchWindow, fairShareWindow } from '../../src/domain/batch-window.js';

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

describe('fair share between workspaces (issue 42)', () => {
  it('leaves the window as it is while one workspace alone runs batches', () => {
    expect(fairShareWindow(16, 32, [{ workspace_id: 'ws_a', n: 3 }], 'ws_a')).toBe(16);
    expect(fairShareWindow(16, 32, [], 'ws_a')).toBe(16);
  });

  it('splits the slots evenly between workspaces, then between a workspace\'s own batches', () => {
    const running = [{ workspace_id: 'ws_a', n: 4 }, { workspace_id: 'ws_b', n: 1 }];
    // 32 slots, two workspaces: 16 each; A's four batches 4 each, B's one batch 16.
    expect(fairShareWindow(16, 32, running, 'ws_a')).toBe(4);
    expect(fairShareWindow(16, 32, running, 'ws_b')).toBe(16);
    // Never above the batch's own window (interactive first shrinks it further), never below 1.
    expect(fairShareWindow(2, 32, running, 'ws_b')).toBe(2);
    expect(fairShareWindow(16, 2, [...running, { workspace_id: 'ws_c', n: 1 }], 'ws_a')).toBe(1);
  });
});
