// Preloaded into the profiled server by bench/profile/run.mjs (`node --import`): the first SIGUSR2
// starts a CPU profile, the process's CPU time and a count of PGlite statements (count and wall
// time per statement text); the second stops them and writes PROF_OUT.cpuprofile and PROF_OUT.json.
// Only the measured window is recorded: no start-up, no warm-up.
import { Session } from 'node:inspector/promises';
import { writeFileSync } from 'node:fs';
const out = process.env.PROF_OUT;
const session = new Session();
session.connect();
let active = false, cpu0, t0;
const counts = { query: 0, exec: 0, transaction: 0, queryMs: 0, bySql: {} };
if (process.env.PROF_PGLITE) {
  const { PGlite } = await import(process.env.PROF_PGLITE);
  for (const name of ['query', 'exec', 'transaction']) {
    const original = PGlite.prototype[name];
    PGlite.prototype[name] = async function (...args) {
      if (active) counts[name] += 1;
      const s = performance.now();
      try { return await original.apply(this, args); } finally { if (active && name !== 'transaction') { const ms = performance.now() - s; counts.queryMs += ms; const k = String(args[0]).slice(0, 400); const e = (counts.bySql[k] ??= { n: 0, ms: 0 }); e.n += 1; e.ms += ms; } }
    };
  }
}
process.on('SIGUSR2', async () => {
  if (!active) {
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: Number(process.env.PROF_INTERVAL ?? 500) });
    await session.post('Profiler.start');
    cpu0 = process.cpuUsage(); t0 = performance.now();
    for (const k of Object.keys(counts)) counts[k] = k === 'bySql' ? {} : 0;
    active = true;
  } else {
    active = false;
    const cpu = process.cpuUsage(cpu0);
    const wall = performance.now() - t0;
    const { profile } = await session.post('Profiler.stop');
    writeFileSync(out + '.cpuprofile', JSON.stringify(profile));
    writeFileSync(out + '.json', JSON.stringify({ cpuUserMs: cpu.user / 1000, cpuSystemMs: cpu.system / 1000, wallMs: wall, counts }));
  }
});
