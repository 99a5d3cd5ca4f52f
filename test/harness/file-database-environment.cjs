// Jest environment of the integration project: every test file gets a database of its own, a copy
// of the run's migrated, seeded template (CREATE DATABASE … TEMPLATE, well under a second), dropped
// when the file is done. Before, each Jest worker had one database for all the files it ran, so a
// file could see what an earlier file on its worker had left (extractors, jobs in review,
// suggestions), and such leaks were fixed one by one. Two stacks of one file still share the file's
// database; `startTestStack({ ownDatabase: true })` gives one stack a copy of its own.
// CommonJS, loaded by Jest itself (as global-setup.ts is): no TypeScript here.
const { appendFileSync, readFileSync } = require('node:fs');
const { randomBytes } = require('node:crypto');
const { TestEnvironment } = require('jest-environment-node');
const pg = require('pg');

const HARNESS_ENV = 'DOCEXTRACT_TEST_HARNESS';
/** Where test files find their database (read by test/harness/harness-info.ts). */
const FILE_DATABASE_ENV = 'DOCEXTRACT_TEST_FILE_DATABASE';

async function withAdmin(templateUrl, fn) {
  const admin = new URL(templateUrl);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/**
 * TEST_CPU_FILE=path: a line per test file with the CPU time its Jest worker process spent on it
 * (every thread of the process: the file's in-process API, worker and render threads), to find the
 * files that cost the run its time. Child processes a file starts are not counted.
 */
const CPU_FILE = process.env.TEST_CPU_FILE;

class FileDatabaseEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.testPath = context.testPath;
  }

  async setup() {
    this.cpuAtStart = process.cpuUsage();
    this.startedAt = Date.now();
    await super.setup();
    const infoFile = process.env[HARNESS_ENV];
    if (!infoFile) return; // no global setup ran: readHarnessInfo says so when a test asks
    const template = JSON.parse(readFileSync(infoFile, 'utf8')).templateDatabaseUrl;
    const templateName = new URL(template).pathname.slice(1);
    const name = `${templateName}_f${randomBytes(5).toString('hex')}`;
    await withAdmin(template, (client) =>
      client.query(`CREATE DATABASE ${client.escapeIdentifier(name)} TEMPLATE ${client.escapeIdentifier(templateName)}`),
    );
    const url = new URL(template);
    url.pathname = `/${name}`;
    this.fileDatabase = { template, name };
    this.global.process.env[FILE_DATABASE_ENV] = url.toString();
  }

  async teardown() {
    const own = this.fileDatabase;
    this.fileDatabase = undefined;
    // Not awaited: a drop takes about 2 s on a loaded machine, and the worker's next file need not
    // wait for it. Global teardown drops whatever copy is still there (run-teardown.ts).
    if (own) {
      withAdmin(own.template, (client) => client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(own.name)} WITH (FORCE)`)).catch((err) => {
        console.warn(`could not drop the test file's database ${own.name}: ${err.message}`);
      });
    }
    await super.teardown();
    if (CPU_FILE) {
      const cpu = process.cpuUsage(this.cpuAtStart);
      const line = { file: this.testPath, cpu_s: (cpu.user + cpu.system) / 1e6, wall_s: (Date.now() - this.startedAt) / 1000 };
      appendFileSync(CPU_FILE, `${JSON.stringify(line)}\n`);
    }
  }
}

module.exports = FileDatabaseEnvironment;
