// GET /bench/bare — the benchmarks' baseline: the shell and one line, no loader of its own.
export default function BareRoute() {
  return <p>bare</p>;
}
