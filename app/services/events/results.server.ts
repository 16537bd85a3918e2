import { asc, eq, and, sql } from 'drizzle-orm';
import { db, type Transaction } from '~/db/client.server';
import { eventResults, events } from '~/db/schema';

/** Results of events per day, for Paceline's own results board (the default results service). */
export interface ResultEvent {
  id: number;
  name: string;
  date: string;
  days: number;
}

export async function listResultEvents(): Promise<ResultEvent[]> {
  return db()
    .select({ id: events.id, name: events.name, date: events.date, days: events.days })
    .from(events)
    .where(sql`exists (select 1 from ${eventResults} where ${eventResults.eventId} = ${events.id})`)
    .orderBy(asc(events.date), asc(events.id));
}

export async function listResults(eventId: number, day: number) {
  return db()
    .select({
      position: eventResults.position,
      riderName: eventResults.riderName,
      teamName: eventResults.teamName,
      category: eventResults.category,
      timeSeconds: eventResults.timeSeconds,
      avgWatts: eventResults.avgWatts,
      wkg: eventResults.wkg,
    })
    .from(eventResults)
    .where(and(eq(eventResults.eventId, eventId), eq(eventResults.day, day)))
    .orderBy(asc(eventResults.position));
}

/** What a deleted rider's results show instead of the name (the privacy page: results stay, anonymised). */
export const ANONYMOUS_RIDER_NAME = 'Anonymous rider';

/** Account deletion: the rider's results keep their place, time and watts under no name. */
export async function anonymiseResultsOf(tx: Transaction, userId: string): Promise<void> {
  await tx.update(eventResults).set({ riderName: ANONYMOUS_RIDER_NAME, userId: null }).where(eq(eventResults.userId, userId));
}
