import { sql } from 'drizzle-orm';
import { db } from '~/db/client.server';

/** Liveness for the e2e harness and operators: answers only when the database does. */
export async function loader() {
  await db().execute(sql`select 1`);
  return new Response('ok', { headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' } });
}
