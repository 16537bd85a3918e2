// Flow activity across instances (issue 38, decision 193): each instance adds what its pages
// report to the same rows, every few seconds and at SIGTERM.
import { and, eq, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { flowStateCounts } from '~/db/schema';
import { report, TOASTER } from '../fixtures/flows/reports';
import { SERVER_NAMES, type ServerName } from './balancer';
import { assert, prove, until } from './prove';
import { call, type Site } from './site';

/** A page's report of its toaster: a run that started. */
const TOAST_REPORT = JSON.stringify(report(TOASTER));

/** Toast runs counted on every day there are counts for (written by any instance). */
export async function toastRuns(): Promise<number> {
  const [row] = await db()
    .select({ runs: sql<string>`coalesce(sum(${flowStateCounts.count}), 0)` })
    .from(flowStateCounts)
    .where(and(eq(flowStateCounts.machineId, 'toast'), eq(flowStateCounts.state, '')));
  return Number(row?.runs ?? 0);
}

/** Sends one toaster report straight to the named instance. */
export async function reportTo(site: Site, name: ServerName): Promise<void> {
  const answer = await call(site, '/flows/report', { method: 'POST', body: TOAST_REPORT, to: name, headers: { 'Content-Type': 'text/plain' } });
  assert(answer.status === 204, `${name} answered the report ${answer.status}`);
}

export async function flowActivityProof(site: Site): Promise<void> {
  await prove('flow activity reports taken by both instances add up in the same rows', async () => {
    const before = await toastRuns();
    const order: ServerName[] = [SERVER_NAMES[0], SERVER_NAMES[1], SERVER_NAMES[0], SERVER_NAMES[1], SERVER_NAMES[1]];
    for (const name of order) await reportTo(site, name);
    // Each instance writes what it counted every few seconds.
    await until('both instances wrote their counts', 20_000, async () => ((await toastRuns()) - before >= order.length ? true : undefined));
    const counted = (await toastRuns()) - before;
    assert(counted === order.length, `${counted} runs counted for ${order.length} reported`);
    return `${order.length} runs reported (${order.join(', ')}), counted once each in the same rows`;
  });
}
