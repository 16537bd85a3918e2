// Exact mean-max power curve of a 6-hour ride (21,600 samples). Target < 200 ms.
//   npx tsx bench/power-curve.ts
import { generateRide } from '~/lib/fit/synthetic-ride';
import { meanMaxPowerCurve } from '~/lib/power/power-curve';

const runs = 7;
for (const shape of ['race', 'intervals', 'endurance'] as const) {
  const ride = generateRide({ seed: 6, start: new Date('2026-06-01T06:00:00Z'), durationS: 21_600, ftpW: 260, weightKg: 70, shape });
  const power = Float64Array.from(ride.power);
  meanMaxPowerCurve(power);
  const times: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    meanMaxPowerCurve(power);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(`power curve, 6 h ${shape} ride (21,600 s): median ${times[runs >> 1].toFixed(1)} ms, worst ${times[runs - 1].toFixed(1)} ms (target < 200 ms)`);
}
const steady = new Float64Array(21_600).fill(220);
const started = performance.now();
meanMaxPowerCurve(steady);
console.log(`power curve, 6 h constant 220 W: ${(performance.now() - started).toFixed(1)} ms`);
// The same ride with values the kernel cannot hold exactly: the plain JavaScript search.
const fractional = Float64Array.from(
  generateRide({ seed: 6, start: new Date('2026-06-01T06:00:00Z'), durationS: 21_600, ftpW: 260, weightKg: 70, shape: 'race' }).power,
  (watts) => watts + 0.1,
);
const scriptStarted = performance.now();
meanMaxPowerCurve(fractional);
console.log(`power curve, 6 h ride in plain JavaScript (fractional watts, no kernel): ${(performance.now() - scriptStarted).toFixed(1)} ms`);
