// Long documents: windowing, the window schema, the schema-directed merge, provenance and
// degenerate-output detection. Pure functions; activities and workflows orchestrate them.
export * from './cells.js';
export * from './degenerate.js';
export * from './merge.js';
export * from './pointer.js';
export * from './provenance.js';
export * from './window-schema.js';
export * from './windows.js';
export * from './page-range.js';
