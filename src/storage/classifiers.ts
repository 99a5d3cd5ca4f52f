// Classifiers (issue 44): the one statement that creates or replaces a classifier by name, with
// its `version` grown by one when the stored definition changes.
import type { Db } from './db.js';
import { currentWorkspaceId } from './workspace-scope.js';
import { DEFAULT_WORKSPACE_ID } from './workspace-ids.js';

export interface ClassifierRow {
  id: string;
  name: string;
  display_name: string;
  instructions: string;
  classes: Array<{ name: string; description: string; extractor_name: string | null }>;
  provider_name: string;
  model: string;
  review_threshold: number | null;
  version: number;
  source: 'user' | 'prebuilt';
  created_at: Date;
  updated_at: Date;
}

export type ClassifierValues = Pick<ClassifierRow, 'id' | 'name' | 'display_name' | 'instructions' | 'classes' | 'provider_name' | 'model' | 'review_threshold'>;

const DEFINITION = ['display_name', 'instructions', 'classes', 'provider_name', 'model', 'review_threshold'] as const;

/**
 * Insert the classifier, or replace the definition of the one with this name in the same statement
 * (two concurrent PUTs never make two rows). A replacement that changes anything is a new version;
 * the same definition again leaves version and updated_at as they are.
 */
export async function upsertClassifier(db: Db, v: ClassifierValues): Promise<{ row: ClassifierRow; created: boolean }> {
  const changed = `(${DEFINITION.map((c) => `classifiers.${c}`).join(', ')}) IS DISTINCT FROM (${DEFINITION.map((c) => `EXCLUDED.${c}`).join(', ')})`;
  const result = await db.raw(
    `INSERT INTO classifiers (id, workspace_id, name, ${DEFINITION.join(', ')}) VALUES (?, ?, ?, ?, ?, ?::jsonb, ?, ?, ?)
     ON CONFLICT (workspace_id, name) DO UPDATE SET ${DEFINITION.map((c) => `${c} = EXCLUDED.${c}`).join(', ')},
       version = CASE WHEN ${changed} THEN classifiers.version + 1 ELSE classifiers.version END,
       updated_at = CASE WHEN ${changed} THEN now() ELSE classifiers.updated_at END
     RETURNING *, (xmax = 0) AS __inserted`,
    [v.id, currentWorkspaceId() ?? DEFAULT_WORKSPACE_ID, v.name, v.display_name, v.instructions, JSON.stringify(v.classes), v.provider_name, v.model, v.review_threshold],
  );
  const { __inserted, ...row } = result.rows[0] as ClassifierRow & { __inserted: boolean };
  return { row, created: __inserted };
}
