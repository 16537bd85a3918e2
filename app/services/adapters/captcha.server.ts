import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { lt } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { spentChallenges } from '~/db/schema';
import { ROBOT_CHECK_TTL_MS } from '~/lib/constants';
import { getEnv } from '../platform/env.server';

/**
 * The robot check (DESIGN.md §5): a self-hosted ALTCHA proof of work. The server signs a
 * challenge whose answer is a random counter below ALTCHA_MAX_NUMBER; the widget finds it
 * by trying counters from 0, so the difficulty is that number (tests use 20).
 * A solution is accepted once: its signature is recorded until the challenge expires.
 */
export const ROBOT_CHECK_FIELD = 'altcha';

function secrets() {
  const key = getEnv().ALTCHA_HMAC_KEY;
  // A second secret for the derived-key signature, derived so one setting configures both.
  return { signature: key, keySignature: createHmac('sha256', key).update('altcha-key-signature').digest('hex') };
}

export async function createRobotChallenge(): Promise<Challenge> {
  const { signature, keySignature } = secrets();
  return createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    counter: randomInt(getEnv().ALTCHA_MAX_NUMBER),
    deriveKey,
    expiresAt: new Date(Date.now() + ROBOT_CHECK_TTL_MS),
    hmacSignatureSecret: signature,
    hmacKeySignatureSecret: keySignature,
  });
}

interface RobotPayload {
  challenge: Challenge;
  solution: Solution;
}

function decodePayload(raw: string): RobotPayload | null {
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64').toString('utf8')) as Partial<RobotPayload>;
    if (!parsed.challenge?.parameters || typeof parsed.challenge.signature !== 'string') return null;
    if (typeof parsed.solution?.counter !== 'number' || typeof parsed.solution.derivedKey !== 'string') return null;
    return parsed as RobotPayload;
  } catch {
    return null;
  }
}

/** True when the widget's payload solves one of our challenges, unexpired and never used before. */
export async function verifyRobotCheck(raw: FormDataEntryValue | null | undefined): Promise<boolean> {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 4000) return false;
  const payload = decodePayload(raw);
  if (!payload) return false;
  const { signature, keySignature } = secrets();
  let verified = false;
  try {
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: signature,
      hmacKeySignatureSecret: keySignature,
    });
    verified = result.verified;
  } catch {
    return false;
  }
  if (!verified) return false;
  return spendChallenge(payload.challenge);
}

async function spendChallenge(challenge: Challenge): Promise<boolean> {
  const expiresAtSeconds = challenge.parameters.expiresAt ?? Math.floor((Date.now() + ROBOT_CHECK_TTL_MS) / 1000);
  await db().delete(spentChallenges).where(lt(spentChallenges.expiresAt, new Date()));
  const inserted = await db()
    .insert(spentChallenges)
    .values({ signature: challenge.signature as string, expiresAt: new Date(expiresAtSeconds * 1000) })
    .onConflictDoNothing()
    .returning({ signature: spentChallenges.signature });
  return inserted.length === 1;
}
