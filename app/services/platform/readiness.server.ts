import { sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { storage } from '../adapters/storage.server';

/**
 * What a load balancer asks (decision 131): `/healthz` — the process answers (restart it if
 * not); `/readyz` — send it traffic: the database and the object store answer and the instance
 * is not draining after SIGTERM.
 */
let draining = false;

/** From SIGTERM on, /readyz answers 503 so the balancer stops sending new requests. */
export function startDraining(): void {
  draining = true;
}

const CHECK_TIMEOUT_MS = 2_000;

async function within<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}

export interface Readiness {
  ready: boolean;
  checks: { database: string; storage: string; draining: boolean };
}

function outcome(result: PromiseSettledResult<unknown>): string {
  return result.status === 'fulfilled' ? 'ok' : result.reason instanceof Error ? result.reason.message : String(result.reason);
}

export async function readiness(): Promise<Readiness> {
  const [database, store] = await Promise.allSettled([
    within(
      Promise.resolve().then(() => db().execute(sql`select 1`)),
      'the database',
    ),
    within(storage().check(), 'the object store'),
  ]);
  const checks = { database: outcome(database), storage: outcome(store), draining };
  return { ready: !draining && checks.database === 'ok' && checks.storage === 'ok', checks };
}
