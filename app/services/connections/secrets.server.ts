import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { getEnv } from '../platform/env.server';

/**
 * The connections area's secrets (decision 092): everything derives from TOKEN_ENCRYPTION_KEY,
 * which env.server.ts resolves like every other secret (required in production, generated into
 * the data folder's secrets file at first start elsewhere, fixed in APP_MODE=test). The sandbox
 * provider's client secrets derive from the same key.
 */
let cachedKey: Buffer | undefined;

function tokenEncryptionKey(): Buffer {
  cachedKey ??= Buffer.from(getEnv().TOKEN_ENCRYPTION_KEY, 'hex');
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
