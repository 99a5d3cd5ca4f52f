import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { createSecretBox, SecretKeyError, SecretUnreadableError } from '../../src/storage/secrets.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'secrets-test-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const SECRET = 'sk-test-0123456789abcdef';

describe('secret box with SERVICE_SECRET_KEY', () => {
  const box = () => createSecretBox({ secretKey: 'a-long-enough-operator-secret', dataDir: dir });

  it('round-trips and never contains the plain text', () => {
    const cipher = box().encrypt(SECRET);
    expect(cipher).toMatch(/^v1:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/);
    expect(cipher).not.toContain(SECRET);
    expect(box().decrypt(cipher)).toBe(SECRET);
  });

  it('round-trips unicode and uses a fresh IV each time', () => {
    const b = box();
    const a = b.encrypt('clé-🔑');
    const c = b.encrypt('clé-🔑');
    expect(a).not.toBe(c);
    expect(b.decrypt(a)).toBe('clé-🔑');
    expect(b.decrypt(c)).toBe('clé-🔑');
  });

  it('creates no key file', () => {
    box().encrypt(SECRET);
    expect(existsSync(path.join(dir, 'secret.key'))).toBe(false);
  });

  it('detects a tampered ciphertext, tag or IV', () => {
    const b = box();
    const [v, iv, tag, ct] = b.encrypt(SECRET).split(':') as [string, string, string, string];
    const flip = (b64: string) => {
      const buf = Buffer.from(b64, 'base64');
      buf[0] = buf[0]! ^ 0x01;
      return buf.toString('base64');
    };
    expect(() => b.decrypt([v, iv, tag, flip(ct)].join(':'))).toThrow(SecretUnreadableError);
    expect(() => b.decrypt([v, iv, flip(tag), ct].join(':'))).toThrow(SecretUnreadableError);
    expect(() => b.decrypt([v, flip(iv), tag, ct].join(':'))).toThrow(SecretUnreadableError);
  });

  it('rejects unknown formats with a typed error', () => {
    const b = box();
    for (const bad of ['', 'plain', 'v2:a:b:c', 'v1:a:b', 'v1:AAAA:AAAA:AAAA']) {
      expect(() => b.decrypt(bad)).toThrow(SecretUnreadableError);
    }
  });

  it('cannot decrypt with another key (key lost or changed), and says so with a stable code', () => {
    const cipher = box().encrypt(SECRET);
    const other = createSecretBox({ secretKey: 'another-operator-secret!!', dataDir: dir });
    let caught: unknown;
    try {
      other.decrypt(cipher);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(SecretUnreadableError);
    expect((caught as SecretUnreadableError).code).toBe('provider_key_unreadable');
    expect(String((caught as Error).message)).not.toContain(SECRET);
  });
});

describe('secret box with a generated key file', () => {
  it('creates <dataDir>/secret.key with mode 0600 on first use, holding a 32-byte key', () => {
    const dataDir = path.join(dir, 'nested', 'data'); // created on demand
    const box = createSecretBox({ dataDir });
    expect(existsSync(path.join(dataDir, 'secret.key'))).toBe(false); // lazily
    const cipher = box.encrypt(SECRET);
    const file = path.join(dataDir, 'secret.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toHaveLength(32);
    expect(box.decrypt(cipher)).toBe(SECRET);
    // No temporary files left behind.
    expect(readdirSync(dataDir)).toEqual(['secret.key']);
  });

  it('reuses an existing key file: another process (a second box) reads what the first wrote', () => {
    const first = createSecretBox({ dataDir: dir });
    const cipher = first.encrypt(SECRET);
    const before = readFileSync(path.join(dir, 'secret.key'), 'utf8');
    const second = createSecretBox({ dataDir: dir });
    expect(second.decrypt(cipher)).toBe(SECRET);
    second.encrypt('x');
    expect(readFileSync(path.join(dir, 'secret.key'), 'utf8')).toBe(before);
  });

  it('a deleted key file means stored secrets become unreadable', () => {
    const cipher = createSecretBox({ dataDir: dir }).encrypt(SECRET);
    rmSync(path.join(dir, 'secret.key'));
    expect(() => createSecretBox({ dataDir: dir }).decrypt(cipher)).toThrow(SecretUnreadableError);
  });

  it('refuses a corrupt key file instead of silently replacing it', () => {
    writeFileSync(path.join(dir, 'secret.key'), 'not a key\n', { mode: 0o600 });
    expect(() => createSecretBox({ dataDir: dir }).encrypt(SECRET)).toThrow(SecretKeyError);
  });

  it('SERVICE_SECRET_KEY takes precedence over a key file', () => {
    const fromFile = createSecretBox({ dataDir: dir }).encrypt(SECRET);
    const fromEnv = createSecretBox({ dataDir: dir, secretKey: 'a-long-enough-operator-secret' });
    expect(() => fromEnv.decrypt(fromFile)).toThrow(SecretUnreadableError);
  });
});
