// The benchmark's baseline (bench/http.mjs): the shell with no data of its own.
export default function BenchBare() {
  return <p>Paceline bare route.</p>;
}
