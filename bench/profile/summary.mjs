// node bench/profile/summary.mjs <file.cpuprofile> [topN] [focusRegex]
// Shares of the busy samples (idle and the profiler's own stop excluded): self time by package and
// by function, and inclusive time by function (each function counted once per stack).
import { readFileSync } from 'node:fs';
const [file, topArg, focus] = process.argv.slice(2);
const top = Number(topArg ?? 40);
const p = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const weight = new Map();
for (let i = 0; i < p.samples.length; i++) weight.set(p.samples[i], (weight.get(p.samples[i]) ?? 0) + (p.timeDeltas[i] ?? 0));
let total = 0,
  idle = 0;
const excluded = (id) => {
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const f = byId.get(cur).callFrame;
    if (f.functionName === '(idle)' || (f.functionName === 'post' && f.url === 'node:inspector')) return true;
  }
  return false;
};
for (const [id, w] of weight) {
  total += w;
  if (excluded(id)) {
    idle += w;
    weight.set(id, 0);
  }
}
const busy = total - idle;
const pkgOf = (url) => {
  if (!url) return '(native)';
  const m = url.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  if (m) return m[1];
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  if (url.includes('/build/server/')) return 'app (build)';
  return url.replace(/^file:\/\//, '');
};
const label = (n) => `${n.callFrame.functionName || '(anon)'} ${pkgOf(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
const selfFn = new Map(),
  selfPkg = new Map(),
  incl = new Map();
for (const [id, w] of weight) {
  const n = byId.get(id);
  if (!w) continue;
  selfFn.set(label(n), (selfFn.get(label(n)) ?? 0) + w);
  const pk = pkgOf(n.callFrame.url) + (n.callFrame.url ? '' : ' ' + n.callFrame.functionName);
  selfPkg.set(pk, (selfPkg.get(pk) ?? 0) + w);
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const l = label(byId.get(cur));
    if (seen.has(l)) continue;
    seen.add(l);
    incl.set(l, (incl.get(l) ?? 0) + w);
  }
}
const pct = (w) => ((100 * w) / busy).toFixed(1).padStart(5) + ' %';
const show = (title, map, n) => {
  console.log(`\n== ${title}`);
  [...map]
    .filter(([k]) => !focus || new RegExp(focus).test(k))
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .forEach(([k, w]) => console.log(pct(w), k));
};
console.log(`busy ${(busy / 1000).toFixed(0)} ms of ${(total / 1000).toFixed(0)} ms sampled`);
show('self by package', selfPkg, 25);
show('self by function', selfFn, top);
show('inclusive by function', incl, top * 2);
