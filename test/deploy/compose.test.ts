// No Docker engine runs where the tests run: the deployment files are checked as data. The
// compose file is parsed with `yaml` and its variables interpolated the way Compose does; the
// Dockerfile's stages, user and install steps are read line by line.
import { describe, expect, it } from '@jest/globals';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, parseDocument } from 'yaml';
import { loadConfig } from '../../src/config/index.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

type Service = Record<string, any>;
const compose = parse(read('docker-compose.yml')) as { services: Record<string, Service>; volumes?: Record<string, unknown> };
const services = compose.services;

/** Compose interpolation: ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error}, $$. */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(/\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])([^}]*))?\}/g, (whole, name, colon, op, arg) => {
    if (whole === '$$') return '$';
    const set = name in env && (colon !== ':' || env[name] !== '');
    if (set) return env[name]!;
    if (op === '?') throw new Error(`${name} is required: ${arg}`);
    return op === '-' ? arg : '';
  });
}

function environment(service: Service, env: Record<string, string>): Record<string, string> {
  const raw = service.environment ?? {};
  const entries: [string, string][] = Array.isArray(raw)
    ? raw.map((item: string) => [item.split('=')[0]!, item.slice(item.indexOf('=') + 1)])
    : Object.entries(raw).map(([k, v]) => [k, String(v ?? '')]);
  return Object.fromEntries(entries.map(([k, v]) => [k, interpolate(v, env)]));
}

const SECRETS = { POSTGRES_PASSWORD: 'a1b2c3d4e5f60718', SERVICE_SECRET_KEY: 'k'.repeat(32) };

/** Published ports as {host, container, ip} (short syntax "ip:host:container" or long syntax). */
function ports(service: Service) {
  return (service.ports ?? []).map((p: string | Record<string, unknown>) => {
    if (typeof p === 'object') return { ip: p.host_ip, host: String(p.published), container: String(p.target) };
    const parts = interpolate(String(p), {}).split(':');
    const container = parts.pop()!;
    const host = parts.pop();
    return { ip: parts.pop(), host, container };
  });
}

function seconds(duration: string): number {
  const units: Record<string, number> = { h: 3600, m: 60, s: 1, ms: 0.001 };
  let total = 0;
  for (const [, n, unit] of duration.matchAll(/(\d+(?:\.\d+)?)(ms|h|m|s)/g)) total += Number(n) * units[unit!]!;
  return total;
}

const healthTest = (service: Service) => [service.healthcheck?.test ?? []].flat().join(' ');

describe('docker-compose.yml', () => {
  it('is one YAML document without duplicate keys, defining the six services and the optional S3 bucket', () => {
    const doc = parseDocument(read('docker-compose.yml'), { uniqueKeys: true });
    expect(doc.errors).toEqual([]);
    expect(Object.keys(services).sort()).toEqual(['api', 'migrate', 'postgres', 's3', 'temporal', 'temporal-ui', 'worker']);
    // The bucket starts only with `--profile s3`, keeping its data in a named volume.
    expect(services.s3!.profiles).toEqual(['s3']);
    expect(services.s3!.image).toMatch(/^chrislusf\/seaweedfs:\d+\.\d+/);
    expect(compose.volumes).toHaveProperty(String(services.s3!.volumes[0]).split(':')[0]!);
    expect(services.postgres!.image).toMatch(/^postgres:\d+/);
    expect(services.temporal!.image).toMatch(/^temporalio\/(auto-setup|server):\d+\.\d+/);
    expect(services['temporal-ui']!.image).toMatch(/^temporalio\/ui:\d+\.\d+/);
  });

  it('stores Temporal in the same Postgres, with the same credentials', () => {
    const temporal = environment(services.temporal!, SECRETS);
    const postgres = environment(services.postgres!, SECRETS);
    expect(temporal.DB).toBe('postgres12');
    expect(temporal.POSTGRES_SEEDS).toBe('postgres');
    expect(temporal.POSTGRES_USER).toBe(postgres.POSTGRES_USER);
    expect(temporal.POSTGRES_PWD).toBe(postgres.POSTGRES_PASSWORD);
    expect(environment(services['temporal-ui']!, SECRETS).TEMPORAL_ADDRESS).toBe('temporal:7233');
  });

  it('has health checks: pg_isready, the Temporal CLI, and /readyz for the api', () => {
    expect(healthTest(services.postgres!)).toContain('pg_isready');
    expect(healthTest(services.temporal!)).toMatch(/temporal operator cluster health|tctl .*cluster health/);
    expect(healthTest(services.api!)).toContain('/readyz');
    // The image's HTTP check does not apply to processes that serve no HTTP.
    expect(services.worker!.healthcheck).toEqual({ disable: true });
    expect(services.migrate!.healthcheck).toEqual({ disable: true });
  });

  it('starts api and worker only once Postgres and Temporal are healthy and migrations ran', () => {
    const expected = {
      postgres: { condition: 'service_healthy' },
      temporal: { condition: 'service_healthy' },
      migrate: { condition: 'service_completed_successfully' },
    };
    expect(services.api!.depends_on).toEqual(expected);
    expect(services.worker!.depends_on).toEqual(expected);
    expect(services.migrate!.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    expect(services.temporal!.depends_on).toEqual({ postgres: { condition: 'service_healthy' } });
    expect(services['temporal-ui']!.depends_on).toEqual({ temporal: { condition: 'service_healthy' } });
    // A service_healthy dependency needs a health check, or Compose would wait forever.
    for (const [name, service] of Object.entries(services)) {
      for (const [dep, how] of Object.entries<any>(service.depends_on ?? {})) {
        expect(services[dep]).toBeDefined();
        if (how.condition === 'service_healthy') expect([name, dep, healthTest(services[dep]!)]).toEqual([name, dep, expect.stringMatching(/\S/)]);
      }
    }
  });

  it('publishes the api and the Web UI, keeps Temporal local, and lets the worker scale', () => {
    expect(ports(services.api!)).toEqual([{ ip: undefined, host: '8000', container: '8000' }]);
    expect(ports(services['temporal-ui']!)).toEqual([{ ip: '127.0.0.1', host: '8233', container: '8080' }]);
    expect(ports(services.temporal!)).toEqual([{ ip: '127.0.0.1', host: '7233', container: '7233' }]);
    expect(ports(services.postgres!)).toEqual([]);
    // `--scale worker=N` fails with a fixed container name or host port.
    expect(services.worker!.ports).toBeUndefined();
    for (const service of Object.values(services)) expect(service.container_name).toBeUndefined();
  });

  it('gives api, worker and migrate the same database, Temporal and secret key settings', () => {
    const [api, worker, migrate] = ['api', 'worker', 'migrate'].map((n) => environment(services[n]!, SECRETS));
    for (const key of ['DATABASE_URL', 'TEMPORAL_ADDRESS', 'TEMPORAL_NAMESPACE', 'TEMPORAL_TASK_QUEUE', 'SERVICE_SECRET_KEY']) {
      expect([key, api![key]]).toEqual([key, expect.any(String)]);
      expect([key, worker![key], migrate![key]]).toEqual([key, api![key], api![key]]);
    }
    const postgres = environment(services.postgres!, SECRETS);
    const db = new URL(api!.DATABASE_URL!);
    expect([db.hostname, db.port, db.username, decodeURIComponent(db.password), db.pathname]).toEqual([
      'postgres',
      '5432',
      postgres.POSTGRES_USER,
      postgres.POSTGRES_PASSWORD,
      `/${postgres.POSTGRES_DB}`,
    ]);
    expect(api!.TEMPORAL_ADDRESS).toBe('temporal:7233');
    expect(api!.SERVICE_SECRET_KEY).toBe(SECRETS.SERVICE_SECRET_KEY);
    // What the processes get is a configuration the service accepts.
    expect(() => loadConfig({ ...api!, SERVICE_DATA_DIR: '/tmp/unused' })).not.toThrow();
  });

  it('bakes in no secret: without POSTGRES_PASSWORD or SERVICE_SECRET_KEY the file does not resolve', () => {
    for (const missing of Object.keys(SECRETS)) {
      const env: Record<string, string> = { ...SECRETS, [missing]: '' };
      expect(() => Object.values(services).forEach((s) => environment(s, env))).toThrow(`${missing} is required`);
    }
    for (const [name, service] of Object.entries(services)) {
      for (const [key, value] of Object.entries(service.environment ?? {})) {
        if (!/PASSWORD|PWD|SECRET|TOKEN/.test(key)) continue;
        // Only a reference to a variable of the same kind, with no default value.
        expect([name, key, value]).toEqual([name, key, expect.stringMatching(/^\$\{[A-Z_]+(:\?[^}]*|:-)?\}$/)]);
      }
    }
    expect(read('.env.example')).toMatch(/^SERVICE_SECRET_KEY=$/m);
    expect(read('.env.example')).toMatch(/^POSTGRES_PASSWORD=$/m);
  });

  it('gives api and workers longer than their shutdown grace period to stop', () => {
    const grace = Number(environment(services.api!, SECRETS).SERVICE_SHUTDOWN_GRACE_MS) / 1000;
    expect(grace).toBeGreaterThan(0);
    for (const name of ['api', 'worker']) expect(seconds(services[name]!.stop_grace_period)).toBeGreaterThan(grace);
  });

  it('keeps Postgres data in a named volume; runs the image built here with the right entry points', () => {
    const [volume] = String(services.postgres!.volumes[0]).split(':');
    expect(compose.volumes).toHaveProperty(volume!);
    for (const name of ['api', 'worker', 'migrate']) {
      expect(services[name]!.build).toBe('.');
      expect(services[name]!.image).toBe(services.api!.image);
    }
    expect(services.api!.command).toBeUndefined(); // the image's CMD: the api
    expect(services.worker!.command).toEqual(['node', '--import', 'tsx', 'src/bin/worker.ts']);
    expect(services.migrate!.command).toEqual(['node', '--import', 'tsx', 'src/bin/migrate.ts']);
    for (const cmd of [services.worker!.command, services.migrate!.command]) expect(existsSync(path.join(ROOT, cmd.at(-1)))).toBe(true);
  });
});

// ---- Dockerfile ----

interface Stage {
  name?: string;
  from: string;
  lines: string[];
}

/** Instructions (continuation lines joined, comments dropped), grouped by stage. */
function dockerfileStages(text: string): Stage[] {
  const instructions = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'));
  const stages: Stage[] = [];
  for (const line of instructions) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) stages.push({ from: from[1]!, name: from[2], lines: [] });
    else stages.at(-1)?.lines.push(line);
  }
  return stages;
}

const dockerfile = read('Dockerfile');
const stages = dockerfileStages(dockerfile);
const final = stages.at(-1)!;

describe('Dockerfile', () => {
  it('has several stages, each built from a known image or an earlier stage', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const names = new Set<string>();
    for (const stage of stages) {
      if (!stage.from.startsWith('$')) expect(names.has(stage.from) || /^[\w./-]+:[\w.-]+$/.test(stage.from)).toBe(true);
      if (stage.name) names.add(stage.name);
    }
    for (const stage of stages) {
      for (const line of stage.lines) {
        const from = /--from=(\S+)/.exec(line)?.[1];
        if (from) expect(names.has(from)).toBe(true);
      }
    }
  });

  it('installs production dependencies only', () => {
    const installs = stages.flatMap((s) => s.lines).filter((l) => /^RUN\b.*\bnpm\s+(ci|install|i)\b/.test(l));
    expect(installs.length).toBeGreaterThan(0);
    for (const line of installs) expect(line).toMatch(/--omit=dev|--production/);
    // tsx runs the service: it must be a production dependency for `npm ci --omit=dev` to keep it.
    expect(JSON.parse(read('package.json')).dependencies.tsx).toBeDefined();
  });

  it('production code imports only production dependencies and never the tests', () => {
    const pkg = JSON.parse(read('package.json'));
    const allowed = new Set([...Object.keys(pkg.dependencies), ...builtinModules]);
    const offenders: string[] = [];
    const packages = new Set<string>();
    for (const dir of ['src', 'activities', 'workflows', 'db']) {
      for (const entry of readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
        const file = path.join(entry.parentPath, entry.name);
        const text = readFileSync(file, 'utf8');
        for (const [, spec] of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g)) {
          if (!spec) continue;
          if (spec.startsWith('.')) {
            if (/\/test\//.test(path.resolve(path.dirname(file), spec) + '/')) offenders.push(`${file}: ${spec}`);
            continue;
          }
          if (spec.startsWith('node:')) continue;
          const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!;
          packages.add(name);
          if (!allowed.has(name)) offenders.push(`${path.relative(ROOT, file)}: ${spec}`);
        }
      }
    }
    expect([...packages]).toEqual(expect.arrayContaining(['@temporalio/worker', 'koa', 'knex', 'mupdf']));
    expect(offenders).toEqual([]);
  });

  it('runs as a non-root user', () => {
    const user = final.lines.filter((l) => /^USER\s/i.test(l)).at(-1);
    expect(user).toBeDefined();
    expect(user!.split(/\s+/)[1]).not.toMatch(/^(root|0)(:|$)/);
  });

  it('starts the api by default, checks /readyz, and ships what the processes read', () => {
    const cmd = final.lines.filter((l) => /^CMD\s/i.test(l)).at(-1)!;
    expect(JSON.parse(cmd.replace(/^CMD\s+/i, ''))).toEqual(['node', '--import', 'tsx', 'src/bin/api.ts']);
    expect(final.lines.find((l) => /^HEALTHCHECK\s/i.test(l))).toContain('/readyz');
    const copied = stages
      .flatMap((s) => s.lines)
      .filter((l) => /^COPY\s/i.test(l) && !/--from=/.test(l))
      .flatMap((l) => l.split(/\s+/).slice(1, -1).filter((a) => !a.startsWith('--')));
    for (const needed of ['package.json', 'package-lock.json', 'openapi.yaml', 'src', 'workflows', 'activities', 'db']) {
      expect(copied).toContain(needed);
    }
    for (const file of copied) expect([file, existsSync(path.join(ROOT, file))]).toEqual([file, true]);
    // The worker may use a bundle built at image build time.
    expect(dockerfile).toMatch(/src\/bin\/bundle-workflows\.ts/);
    expect(dockerfile).toMatch(/WORKFLOW_BUNDLE_PATH=/);
  });

  it('.dockerignore keeps secrets, local state and host node_modules out of the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#'));
    for (const entry of ['.env', '.git', '.data', 'node_modules', 'test']) expect(ignored).toContain(entry);
    const copied = ['src', 'workflows', 'activities', 'db', 'openapi.yaml', 'package.json', 'package-lock.json'];
    for (const entry of copied) expect(ignored).not.toContain(entry);
  });
});
