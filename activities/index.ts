import type { ActivityDeps } from './deps.js';

/** Builds the activity implementations with their dependencies bound. */
export function createActivities(_deps: ActivityDeps) {
  return {
    async echo(message: string): Promise<string> {
      return message;
    },
  };
}

export type Activities = ReturnType<typeof createActivities>;
