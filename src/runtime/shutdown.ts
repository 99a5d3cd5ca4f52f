import type { Logger } from '../logging.js';

/**
 * Cleanup steps run in reverse order of registration (last started, first stopped), each one
 * even when an earlier one failed. run() is idempotent: later callers share the first run, and a
 * step registered while it runs (something that finished starting meanwhile) is stopped too.
 */
export class ShutdownStack {
  private readonly steps: Array<{ name: string; stop: () => Promise<void> }> = [];
  private running?: Promise<void>;

  constructor(private readonly logger: Pick<Logger, 'info' | 'error'>) {}

  push(name: string, stop: () => Promise<void>): void {
    this.steps.push({ name, stop });
  }

  run(): Promise<void> {
    this.running ??= (async () => {
      for (let step = this.steps.pop(); step; step = this.steps.pop()) {
        const { name, stop } = step;
        try {
          await stop();
          this.logger.info(`stopped ${name}`);
        } catch (err) {
          this.logger.error({ err }, `stopping ${name} failed`);
        }
      }
    })();
    return this.running;
  }
}
