// The load generator of `npm run bench`, forked by bench/run.mjs so that generating load never
// shares the measured servers' processes: it receives one job at a time over IPC, runs
// autocannon with keep-alive connections and answers with req/s and latency percentiles.
import autocannon from 'autocannon';

process.on('message', async (job) => {
  try {
    const result = await autocannon({
      url: `http://localhost${job.path}`,
      socketPath: job.socketPath,
      connections: job.connections,
      duration: job.seconds,
      headers: job.headers,
    });
    const seconds = result.duration || job.seconds;
    process.send({
      ok: true,
      rps: result.requests.total / seconds,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors + result.timeouts,
    });
  } catch (error) {
    process.send({ ok: false, message: String(error) });
  }
});
