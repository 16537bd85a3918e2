import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (m=19 MiB, t=2, p=1: OWASP's baseline). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

export { isCommonPassword } from './common-passwords';

/** Spec floor is 6 characters; above it, the most common breached passwords are refused. */
export const COMMON_PASSWORD_MESSAGE = 'This password is too common: choose one that is harder to guess.';
