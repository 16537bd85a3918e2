// `npm run bench:flow-reports` (issue 38): the flow activity endpoint under a burst of reports,
// and what pages answer meanwhile.
//
// Starts the production server (server.mjs, APP_MODE=test, demo data) on a throwaway PGlite
// folder, with 127.0.0.1 as a trusted proxy so each report can come from its own client address
// (X-Forwarded-For, from BENCH_CLIENTS addresses: one client is held to its budget, decision 191).
// Then, for BENCH_SECONDS each, it asks two pages in turn every BENCH_PROBE_MS, idle first and
// then while a forked process (this file with --burst: autocannon, keep-alive connections) posts
// BENCH_RATE reports a second: the events list as a visitor (a page the response cache keeps) and
// /flows/session (rendered each time: it reads the counts the burst writes). It prints the pages'
// p50/p95/p99/max with and without the burst, the reports' rate, answers and latency, and checks
// that every report answered 204 was counted once the server wrote its counts.
//
//   npm run bench:flow-reports                 build, then measure
//   npm run bench:flow-reports -- --no-build   reuse build/
//   BENCH_PORT=3134 BENCH_SECONDS=10 BENCH_RATE=1000 BENCH_PROBE_MS=25 BENCH_CLIENTS=5000
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { report, sessionCheck, TOASTER, WIZARD_FIRST_STEPS } from '../tests/fixtures/flows/reports.ts';
import { buildUnlessAsked, startServer } from './production-server.mjs';

const PORT = Number(process.env.BENCH_PORT ?? 3134);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const RATE = Number(process.env.BENCH_RATE ?? 1000);
const PROBE_MS = Number(process.env.BENCH_PROBE_MS ?? 25);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 5000);
const BASE = `http://127.0.0.1:${PORT}`;
const PAGES = ['/events', '/flows/session?days=1'];
const CONNECTIONS = 64;

/**
 * What browsers send, as the reporter writes it: nine in ten a signed-in page's toaster and
 * session check, one in ten a page where the rider also took the event wizard's first steps. Each
 * counts the session machine's start once: the check below adds them up.
 */
const REPORTS = [report(TOASTER, sessionCheck()), report(TOASTER, sessionCheck(), WIZARD_FIRST_STEPS)].map((sent) => JSON.stringify(sent));

if (process.argv.includes('--burst')) {
  // The load: its own process, so generating it never shares the probe's event loop.
  process.once('message', async ({ base, seconds, rate, clients }) => {
    let sent = 0;
    const statuses = {};
    const result = await autocannon({
      url: `${base}/flows/report`,
      connections: CONNECTIONS,
      overallRate: rate,
      duration: seconds,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            sent += 1;
            const client = sent % clients;
            return {
              ...request,
              body: REPORTS[sent % 10 === 0 ? 1 : 0],
              headers: {
                'Content-Type': 'text/plain;charset=UTF-8',
                Origin: base,
                'X-Forwarded-For': `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`,
              },
            };
          },
          onResponse: (status) => (statuses[status] = (statuses[status] ?? 0) + 1),
        },
      ],
    });
    process.send({
      rps: result.requests.total / (result.duration || seconds),
      total: result.requests.total,
      p50: result.latency.p50,
      p99: result.latency.p99,
      max: result.latency.max,
      errors: result.errors + result.timeouts,
      statuses,
    });
  });
} else {
  await main();
}

async function main() {
  buildUnlessAsked();
  // 127.0.0.1 is a trusted proxy: each report names its client in X-Forwarded-For.
  const server = startServer({ port: PORT, name: 'flow-reports', env: { TRUSTED_PROXIES: '127.0.0.1,::ffff:127.0.0.1,::1' } });
  try {
    console.log('Starting the server (migrations and demo data)…');
    await server.ready();
    // The flows catalogue's summaries and layouts are made once per process: not part of any figure.
    for (const page of PAGES) await (await fetch(`${BASE}${page}`)).arrayBuffer();
    await server.until(async () => (await fetch(`${BASE}/flows?days=1`)).ok, 'The flows list');
    const startsBefore = await sessionStarts();

    const idleCpu = cpuSeconds(server.pid);
    const idle = await probe(SECONDS);
    const idleCpuSeconds = cpuSeconds(server.pid) - idleCpu;
    const burst = fork(import.meta.filename, ['--burst'], { stdio: 'inherit' });
    const answered = new Promise((resolve) => burst.once('message', resolve));
    const burstCpu = cpuSeconds(server.pid);
    burst.send({ base: BASE, seconds: SECONDS, rate: RATE, clients: CLIENTS });
    const during = await probe(SECONDS);
    const load = await answered;
    const burstCpuSeconds = cpuSeconds(server.pid) - burstCpu;
    burst.kill();

    console.log(
      `\nReports: ${RATE}/s asked for ${SECONDS} s from ${CLIENTS} client addresses: ${load.total} sent, ${load.rps.toFixed(0)}/s answered, p50 ${load.p50} ms, p99 ${load.p99} ms, max ${load.max} ms; answers ${Object.entries(
        load.statuses,
      )
        .map(([status, count]) => `${count}× ${status}`)
        .join(', ')}; errors ${load.errors}`,
    );
    // The server's own CPU time (user and system, all its threads): what the reports cost it,
    // whatever else the machine runs. The probe's pages cost the same in both phases.
    const perReportMs = ((burstCpuSeconds - idleCpuSeconds) * 1000) / Math.max(1, load.total);
    console.log(
      `Server CPU: ${idleCpuSeconds.toFixed(2)} s idle, ${burstCpuSeconds.toFixed(2)} s during the burst: ${perReportMs.toFixed(3)} ms a report, so ${Math.round(1000 / perReportMs)} reports/s per core`,
    );
    console.log(`\n${'page'.padEnd(34)} ${'idle: p50 / p95 / p99 / max ms'.padEnd(36)} during the burst: p50 / p95 / p99 / max ms`);
    for (const page of PAGES) console.log(`${page.padEnd(34)} ${figures(idle[page]).padEnd(36)} ${figures(during[page])}`);

    // Every report answered 204 counts one session start, and so may the few still in flight when
    // the burst stopped (one per connection): autocannon counts only the answers it waited for.
    const answered204 = load.statuses[204] ?? 0;
    const deadline = Date.now() + 30_000;
    let counted = (await sessionStarts()) - startsBefore;
    while (counted < answered204 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      counted = (await sessionStarts()) - startsBefore;
    }
    const whole = counted >= answered204 && counted <= answered204 + CONNECTIONS;
    console.log(
      `\nCounted: ${counted} session starts written for ${answered204} reports answered 204 (and up to ${CONNECTIONS} in flight at the end)${whole ? '' : ' — WRONG'}`,
    );
    if (!whole) process.exitCode = 1;
  } finally {
    await server.stop();
  }
}

/** User and system CPU seconds of a process, from /proc (Linux; clock ticks of 1/100 s). */
function cpuSeconds(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function sessionStarts() {
  const activity = await (await fetch(`${BASE}/flows/session/activity.json?days=1`)).json();
  return activity.starts;
}

/** Each page in turn every PROBE_MS for `seconds`; the answer times per page, in ms. */
async function probe(seconds) {
  const timings = Object.fromEntries(PAGES.map((page) => [page, []]));
  const ends = Date.now() + seconds * 1000;
  for (let turn = 0; Date.now() < ends; turn += 1) {
    const page = PAGES[turn % PAGES.length];
    const started = performance.now();
    const response = await fetch(`${BASE}${page}`);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${page} answered ${response.status}`);
    timings[page].push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, PROBE_MS));
  }
  return timings;
}

function figures(timings) {
  const sorted = [...timings].sort((a, b) => a - b);
  const at = (share) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * share))].toFixed(1);
  return `${at(0.5)} / ${at(0.95)} / ${at(0.99)} / ${sorted.at(-1).toFixed(1)} (n=${sorted.length})`;
}
