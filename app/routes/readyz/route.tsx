import { readiness } from '~/services/platform/readiness.server';

/** Readiness for a load balancer (decision 131): 200 when the database and storage answer, else 503 with what failed. */
export async function loader() {
  const { ready, checks } = await readiness();
  return Response.json({ ready, ...checks }, { status: ready ? 200 : 503, headers: { 'Cache-Control': 'no-store' } });
}
