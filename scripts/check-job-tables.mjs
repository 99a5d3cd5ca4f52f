#!/usr/bin/env node
// One owner for job rows (docs/architecture.md): outside the job store (src/storage/jobs/), no file
// under src/, activities/ or workflows/ names a job table, by its name or through a constant holding it.
// Usage: node scripts/check-job-tables.mjs [root]   (root defaults to the current directory)
// Exits 1 and lists each offending line when one does.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sourceFiles } from './lib/source-files.mjs';

/** The job store: the only folder whose files may name the tables. */
const OWNER_DIR = 'src/storage/jobs/';
const DIRS = ['src', 'activities', 'workflows'];
/**
 * Every job table (one per kind: db/migrations), the rows a job stores as it runs (pages, windows,
 * sample files), the review decisions on jobs, and JOB_TABLES (the constant that held them before
 * the job store).
 */
const NAMES =
  /\b(extraction_jobs|parse_jobs|classification_jobs|schema_suggestion_jobs|parse_pages|extraction_windows|classification_pages|schema_suggestion_files|extraction_review_events|classification_review_events|JOB_TABLES)\b/;
/** Generated bundles are not ours to check. */
const SKIP = /^src\/studio\/bundle\//;

const root = path.resolve(process.argv[2] ?? '.');
const offences = [];


function check(rel) {
  readFileSync(path.join(root, rel), 'utf8')
    .split('\n')
    .forEach((line, i) => {
      const m = NAMES.exec(line);
      if (m) offences.push(`${rel}:${i + 1}: names '${m[1]}'`);
    });
}

for (const rel of sourceFiles(root, DIRS, SKIP)) if (!rel.startsWith(OWNER_DIR)) check(rel);
if (offences.length > 0) {
  console.error(`job-table-owner: only the job store (${OWNER_DIR}) may name the job tables.`);
  console.error('Call (or add) a function there instead:');
  for (const o of offences) console.error(`  ${o}`);
  process.exit(1);
}
console.log('job-table-owner: ok (the job tables are named only by the job store)');
