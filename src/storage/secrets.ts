// Encryption at rest for provider API keys: AES-256-GCM with node:crypto.
// The key comes from SERVICE_SECRET_KEY (stretched with HKDF) or, when that is unset, from a
// random key file in the data directory. The api and the worker must use the same source.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config/index.js';

const VERSION = 'v1';
const KEY_BYTES = 32;
const IV_BYTES = 12; // the size GCM is designed for
const TAG_BYTES = 16;
const KEY_FILE = 'secret.key';
// Fixed HKDF salt and info: they only separate this use of SERVICE_SECRET_KEY from any other.
const HKDF_SALT = 'docextract-service/secrets';
const HKDF_INFO = 'provider-api-key/aes-256-gcm/v1';

export interface SecretBox {
  /** Encrypt a secret into a self-describing string `v1:<iv>:<tag>:<ciphertext>` (base64). */
  encrypt(plain: string): string;
  /** Decrypt what encrypt produced; throws SecretUnreadableError when the key changed or the text was altered. */
  decrypt(cipher: string): string;
}

/** A stored secret cannot be decrypted: the key was lost or changed, or the value was tampered with. */
export class SecretUnreadableError extends Error {
  readonly code = 'provider_key_unreadable';
  constructor(message = 'The stored secret cannot be decrypted with the current secret key; enter it again.') {
    super(message);
    this.name = 'SecretUnreadableError';
  }
}

/** The key source itself is unusable (for example a corrupt key file). Start-up should fail loudly. */
export class SecretKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretKeyError';
  }
}

/**
 * Build the box for this process. The key is loaded on first use, so a process that never
 * touches a secret never creates the key file.
 */
export function createSecretBox(config: Pick<Config, 'secretKey' | 'dataDir'>): SecretBox {
  let key: Buffer | undefined;
  const getKey = () => (key ??= loadKey(config));

  return {
    encrypt(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', getKey(), iv);
      const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), ct.toString('base64')].join(':');
    },
    decrypt(stored) {
      const parts = stored.split(':');
      if (parts.length !== 4 || parts[0] !== VERSION) {
        throw new SecretUnreadableError('The stored secret has an unknown format; enter it again.');
      }
      const [, ivB64, tagB64, ctB64] = parts as [string, string, string, string];
      const iv = Buffer.from(ivB64, 'base64');
      const tag = Buffer.from(tagB64, 'base64');
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
        throw new SecretUnreadableError('The stored secret has an unknown format; enter it again.');
      }
      const decipher = createDecipheriv('aes-256-gcm', getKey(), iv, { authTagLength: TAG_BYTES });
      decipher.setAuthTag(tag);
      try {
        return Buffer.concat([decipher.update(Buffer.from(ctB64, 'base64')), decipher.final()]).toString('utf8');
      } catch {
        // GCM authentication failed: wrong key or altered ciphertext. Never echo the value.
        throw new SecretUnreadableError();
      }
    },
  };
}

function loadKey(config: Pick<Config, 'secretKey' | 'dataDir'>): Buffer {
  if (config.secretKey) {
    return Buffer.from(hkdfSync('sha256', config.secretKey, HKDF_SALT, HKDF_INFO, KEY_BYTES));
  }
  return loadOrCreateKeyFile(path.join(config.dataDir, KEY_FILE));
}

/**
 * Read the key file, creating it first if absent. Creation is atomic: the key is written to a
 * private temporary file and hard-linked into place, so a process racing us (api and worker
 * starting together) either wins the link or reads a complete file — never a half-written one.
 */
export function loadOrCreateKeyFile(file: string): Buffer {
  const existing = readKeyFile(file);
  if (existing) return existing;

  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(tmp, randomBytes(KEY_BYTES).toString('base64') + '\n', { mode: 0o600, flag: 'wx' });
  try {
    chmodSync(tmp, 0o600); // the umask may have narrowed it further, never widened; be explicit anyway
    linkSync(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    unlinkSync(tmp);
  }
  const key = readKeyFile(file);
  if (!key) throw new SecretKeyError(`Secret key file ${file} could not be created`);
  return key;
}

function readKeyFile(file: string): Buffer | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== KEY_BYTES) {
    throw new SecretKeyError(`Secret key file ${file} is corrupt (expected ${KEY_BYTES} base64-encoded bytes)`);
  }
  return key;
}
