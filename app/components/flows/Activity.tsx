import { Link, useLocation } from '@remix-run/react';
import type { CSSProperties, ReactNode } from 'react';
import { ACTIVITY_PERIODS_DAYS, startsAndCompletions, type ActivityPeriod, type FlowActivity } from '~/lib/flows/activity';
import type { FunnelStep } from '~/lib/flows/funnel';
import { Table } from '~/components/ui/Table';

/**
 * Flow activity as staff read it on /flows and /flows/<id> (docs/flows-activity.md): the period
 * picker, and a machine's main path as a funnel with the drop at each step and where riders went
 * instead.
 */

const PERIOD_LABELS: Record<ActivityPeriod, string> = { 1: 'Today', 7: 'Last 7 days', 30: 'Last 30 days' };
const counted = new Intl.NumberFormat('en-US');
const percent = (share: number) => `${Math.round(share * 100)}%`;

/** Links to the same page for each period, keeping the rest of the query (the simulator's steps). */
export function PeriodPicker({ days }: { days: ActivityPeriod }) {
  const { pathname, search } = useLocation();
  const hrefFor = (period: ActivityPeriod) => {
    const query = new URLSearchParams(search);
    query.set('days', String(period));
    return `${pathname}?${query}`;
  };
  return (
    <nav className="flows-periods" aria-label="Period">
      {ACTIVITY_PERIODS_DAYS.map((period) => (
        <Link key={period} to={hrefFor(period)} aria-current={period === days ? 'page' : undefined} preventScrollReset>
          {PERIOD_LABELS[period]}
        </Link>
      ))}
    </nav>
  );
}

/**
 * The head of a flow's activity on /flows/<id>: the period, its starts and completions, where the
 * counts can be taken as JSON, and `children` (the live view of one's own tabs).
 */
export function ActivitySummary({
  days,
  activity,
  lastStep,
  exportHref,
  children,
}: {
  days: ActivityPeriod;
  activity: FlowActivity;
  lastStep: string;
  exportHref: string;
  children?: ReactNode;
}) {
  const { starts, completions } = startsAndCompletions([lastStep], activity.states);
  return (
    <section className="flows-activity" aria-labelledby="flows-activity-heading">
      <h2 id="flows-activity-heading">Riders in this flow</h2>
      <PeriodPicker days={days} />
      <p className="field-hint" data-testid="activity-summary">
        {periodText(activity.from, activity.to)}: <strong>{counted.format(starts)}</strong> runs started, <strong>{counted.format(completions)}</strong> reached{' '}
        <code>{lastStep}</code>. On the chart, each state shows the runs that reached it and each arrow the times it was taken, weighted by its share of the way
        out; the main path&apos;s funnel is below the chart. Counts arrive within seconds; take them as <a href={exportHref}>activity.json</a>.
      </p>
      {children}
    </section>
  );
}

/** The period's product days, as the counts were kept (GMT+4). */
export function periodText(from: string, to: string): string {
  return from === to ? `${to} (GMT+4 day)` : `${from} to ${to} (GMT+4 days)`;
}

/** `eventLabels`: how the statechart names each event type ('done: checkSession', 'after 2 min'). */
export function Funnel({ steps, eventLabels }: { steps: FunnelStep[]; eventLabels: ReadonlyMap<string, string> }) {
  const first = steps[0]?.reached ?? 0;
  return (
    <Table
      className="flows-funnel"
      caption="Main path: runs reaching each step, and where the others went"
      rows={steps}
      rowKey={(step) => step.state}
      rowAttributes={(step) => ({ 'data-step': step.state, 'data-reached': String(step.reached) })}
      columns={[
        { header: 'Step', rowHeader: true, cell: (step) => <code>{step.state}</code> },
        {
          header: 'Runs that reached it',
          className: 'numeric',
          cell: (step) => (
            <span className="flows-funnel-bar" style={{ '--share': first === 0 ? 0 : Math.min(1, step.reached / first) } as CSSProperties}>
              {counted.format(step.reached)} <small>({percent(step.ofFirst)})</small>
            </span>
          ),
        },
        {
          header: 'Did not go on',
          className: 'numeric',
          cell: (step, index) => (index === steps.length - 1 ? '—' : `${counted.format(step.dropped)} (${percent(step.dropShare)})`),
        },
        {
          header: 'Went instead to',
          cell: (step) =>
            step.exits.length === 0 ? (
              '—'
            ) : (
              <ul className="flows-exits">
                {step.exits.map((exit) => (
                  <li key={`${exit.event} ${exit.to}`}>
                    <code>{exit.to}</code> by {eventLabels.get(exit.event) ?? exit.event}: {counted.format(exit.times)}
                  </li>
                ))}
              </ul>
            ),
        },
      ]}
    />
  );
}
