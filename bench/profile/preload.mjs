// Preloaded into the profiled server by bench/profile/run.mjs (`node --import`): the first SIGUSR2
// starts a CPU profile of the request thread, the CPU time of the process and of its request
// thread alone (the rest is V8's garbage-collection helpers and libuv), and a count of PGlite
// statements (count and wall time per statement text); the second stops them and writes
// PROF_OUT.cpuprofile and PROF_OUT.json. Only the measured window is recorded: no start-up, no
// warm-up. Worker threads of the app (ride analysis, flows) load this too and do nothing here.
import { Session } from 'node:inspector/promises';
import { readFileSync, writeFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

const out = process.env.PROF_OUT;
const emptyCounts = () => ({ query: 0, exec: 0, transaction: 0, queryMs: 0, bySql: {} });

/** Counts PGlite's statements while `state.active`. */
async function countStatements() {
  const state = { counts: emptyCounts(), active: false };
  if (!process.env.PROF_PGLITE) return state;
  const { PGlite } = await import(process.env.PROF_PGLITE);
  for (const name of ['query', 'exec', 'transaction']) {
    const original = PGlite.prototype[name];
    PGlite.prototype[name] = async function (...args) {
      if (state.active) state.counts[name] += 1;
      const started = performance.now();
      try {
        return await original.apply(this, args);
      } finally {
        if (state.active && name !== 'transaction') {
          const ms = performance.now() - started;
          state.counts.queryMs += ms;
          const entry = (state.counts.bySql[String(args[0]).slice(0, 400)] ??= { n: 0, ms: 0 });
          entry.n += 1;
          entry.ms += ms;
        }
      }
    };
  }
  return state;
}

/** CPU milliseconds of the request thread (Linux: its task's utime + stime, in clock ticks of 10 ms). */
function mainThreadCpuMs() {
  const fields = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

if (isMainThread) {
  const statements = await countStatements();
  const session = new Session();
  session.connect();
  let active = false;
  let cpu0, main0, t0;
  process.on('SIGUSR2', async () => {
    if (!active) {
      await session.post('Profiler.enable');
      await session.post('Profiler.setSamplingInterval', { interval: Number(process.env.PROF_INTERVAL ?? 500) });
      await session.post('Profiler.start');
      statements.counts = emptyCounts();
      statements.active = true;
      cpu0 = process.cpuUsage();
      main0 = mainThreadCpuMs();
      t0 = performance.now();
      active = true;
    } else {
      active = false;
      statements.active = false;
      const cpu = process.cpuUsage(cpu0);
      const mainMs = mainThreadCpuMs() - main0;
      const wall = performance.now() - t0;
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(out + '.cpuprofile', JSON.stringify(profile));
      writeFileSync(
        out + '.json',
        JSON.stringify({ cpuUserMs: cpu.user / 1000, cpuSystemMs: cpu.system / 1000, mainThreadMs: mainMs, wallMs: wall, counts: statements.counts }),
      );
    }
  });
}
