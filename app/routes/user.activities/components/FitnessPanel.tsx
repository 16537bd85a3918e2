import { Form } from '@remix-run/react';
import { SiteLink } from '~/components/ui/SiteLink';
import { FitnessChart } from '~/components/charts/FitnessChart';
import { Button } from '~/components/ui/Button';
import { useMemo } from 'react';
import type { SeriesPoint } from '~/lib/activities/training-load';
import { unpackRows, type PackedRows } from '~/lib/packed-rows';

export interface FitnessView {
  from: string;
  to: string;
  /** The default range (the last 90 days): its presets are links without parameters. */
  isDefault: boolean;
  points: PackedRows<SeriesPoint>;
}

const PRESETS = [
  { days: 42, label: '6 WEEKS' },
  { days: 90, label: '3 MONTHS' },
  { days: 182, label: '6 MONTHS' },
  { days: 365, label: '1 YEAR' },
] as const;

function presetFrom(to: string, days: number): string {
  return new Date(Date.parse(`${to}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
}

/**
 * Fitness, fatigue and form over a date range (decision 142). The range is in the URL
 * (`?fitnessFrom=&fitnessTo=`, whole UTC days, both included), from presets or a GET form, so it
 * works without JavaScript and survives a reload.
 */
export function FitnessPanel({ fitness, today }: { fitness: FitnessView; today: string }) {
  const points = useMemo(() => unpackRows(fitness.points), [fitness.points]);
  return (
    <section className="fitness-panel card" aria-labelledby="fitness-title">
      <div className="progress-controls">
        <h2 id="fitness-title">Fitness, fatigue and form</h2>
        <nav className="segmented" aria-label="Fitness range">
          {PRESETS.map((preset) => {
            const from = presetFrom(today, preset.days);
            const current = fitness.from === from && fitness.to === today;
            return (
              <SiteLink key={preset.days} to={`?fitnessFrom=${from}&fitnessTo=${today}#profile`} preventScrollReset aria-current={current ? 'page' : undefined}>
                {preset.label}
              </SiteLink>
            );
          })}
        </nav>
      </div>
      <Form method="get" className="power-curve-range" preventScrollReset aria-label="Fitness date range">
        <label>
          From <input type="date" name="fitnessFrom" defaultValue={fitness.from} required />
        </label>
        <label>
          To <input type="date" name="fitnessTo" defaultValue={fitness.to} required />
        </label>
        <Button type="submit">Show</Button>
      </Form>
      <FitnessChart points={points} />
      <p className="muted fitness-help">
        Fitness is your training load averaged over 42 days, fatigue over 7 days (exponentially weighted); form is yesterday&apos;s fitness minus fatigue: how
        fresh you start the day.
      </p>
    </section>
  );
}
