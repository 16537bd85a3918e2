import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { createRobotChallenge } from '~/services/adapters/captcha.server';

/** A solved robot check, exactly as the ALTCHA widget would post it. */
export async function solvedRobotCheck(): Promise<string> {
  const challenge = await createRobotChallenge();
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the robot check');
  return Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString('base64');
}

export function formRequest(url: string, fields: Record<string, string>, headers: HeadersInit = {}) {
  return new Request(url, { method: 'POST', body: new URLSearchParams(fields), headers });
}
