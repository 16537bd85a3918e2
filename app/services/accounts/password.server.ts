import { hash, verify } from '@node-rs/argon2';
import { z } from 'zod';
import { isCommonPassword } from './common-passwords';

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

export { isCommonPassword };

/** Spec floor is 6 characters; above it, the most common breached passwords are refused. */
export const COMMON_PASSWORD_MESSAGE = 'This password is too common: choose one that is harder to guess.';

const notOnPasswordList = z.object({ password: z.string().optional() }).transform(({ password }, ctx) => {
  if (password !== undefined && isCommonPassword(password)) ctx.addIssue({ code: 'custom', path: ['password'], message: COMMON_PASSWORD_MESSAGE });
  return {};
});

/**
 * A form's schema with the password list's rule joined, on the server (the list stays out of the
 * browser's bundle): its message comes with the form's other messages, not after them (decision 182).
 */
export function withPasswordListRule<Schema extends z.ZodTypeAny>(schema: Schema) {
  return schema.and(notOnPasswordList);
}
