// The load generator of `npm run bench`, forked by bench/run.mjs so that generating load never
// shares the measured servers' processes: it receives one job at a time over IPC, runs
// autocannon with keep-alive connections and answers with req/s and latency percentiles.
// A mixed job (bench/mixed.mjs) cycles a list of pages while writers post at a steady rate.
import autocannon from 'autocannon';
import { createWriter, writeAtRate } from './mixed.mjs';

async function run(job) {
  let hits = 0;
  const requests = job.pages?.map((page) => ({
    method: 'GET',
    path: page.path,
    headers: page.headers,
    onResponse: (_status, _body, _context, headers) => {
      if (headers?.['x-response-cache'] === 'hit') hits += 1;
    },
  }));
  const writer = job.writeRate !== undefined ? createWriter(job.writer) : null;
  const writing = writer ? writeAtRate(writer, job.writeRate) : null;
  const result = await autocannon({
    url: `http://localhost${job.path ?? '/'}`,
    socketPath: job.socketPath,
    connections: job.connections,
    duration: job.seconds,
    headers: job.headers,
    ...(requests ? { requests } : {}),
  });
  await writing?.stop();
  const seconds = result.duration || job.seconds;
  return {
    ok: true,
    rps: result.requests.total / seconds,
    requests: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    serverErrors: result['5xx'] ?? 0,
    errors: result.errors + result.timeouts,
    hits: requests ? hits / Math.max(1, result.requests.total) : undefined,
    writes: writer?.tally,
  };
}

process.on('message', async (job) => {
  try {
    process.send(await run(job));
  } catch (error) {
    process.send({ ok: false, message: String(error) });
  }
});
