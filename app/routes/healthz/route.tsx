/**
 * Liveness (decision 131): the process is up and its event loop answers. It touches nothing
 * else, so a database outage does not get every instance restarted; /readyz says whether to
 * send traffic.
 */
export function loader() {
  return new Response('ok', { headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' } });
}
