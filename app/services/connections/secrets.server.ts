import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getEnv } from '../env.server';

/**
 * The one place the connections area gets its secrets (decision 092): TOKEN_ENCRYPTION_KEY
 * when set; in APP_MODE=test a fixed key (tests must be repeatable); otherwise a random key
 * generated once into SECRETS_DIR, so no running instance uses a published default. The
 * sandbox provider's client secrets derive from the same key.
 */
let cachedKey: Buffer | undefined;

function generatedKey(dir: string): Buffer {
  const file = path.resolve(dir, 'token-encryption.key');
  try {
    return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  } catch {
    const key = randomBytes(32);
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    // 'wx' fails if another process wrote the key first; reading it again then gives the winner.
    try {
      writeFileSync(file, key.toString('hex'), { mode: 0o600, flag: 'wx' });
      return key;
    } catch {
      return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
    }
  }
}

export function tokenEncryptionKey(): Buffer {
  if (cachedKey) return cachedKey;
  const env = getEnv();
  if (env.TOKEN_ENCRYPTION_KEY) cachedKey = Buffer.from(env.TOKEN_ENCRYPTION_KEY, 'hex');
  else if (env.APP_MODE === 'test') cachedKey = createHash('sha256').update('paceline-test-token-encryption-key').digest();
  else cachedKey = generatedKey(env.SECRETS_DIR);
  return cachedKey;
}

const VERSION = 'v1';

/** AES-256-GCM: `v1.<iv>.<tag>.<cipher>` in base64url; tampering fails the tag check. */
export function encryptToken(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', tokenEncryptionKey(), iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
}

export function decryptToken(sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Unknown token envelope');
  const decipher = createDecipheriv('aes-256-gcm', tokenEncryptionKey(), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

/** A secret derived for one purpose (the sandbox's client secrets and signing key). */
export function derivedSecret(purpose: string): string {
  return createHmac('sha256', tokenEncryptionKey()).update(purpose).digest('base64url');
}

/** Hashes of random tokens (states, codes, partner tokens): a database leak yields nothing usable. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
