import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { flowStateCounts, flowTransitionCounts } from '~/db/schema';
import { REPORT_LIMITS } from '~/lib/flows/activity';
import { findCatalogueEntry } from '~/machines/catalogue';
import { report, sessionCheck } from '../../../tests/fixtures/flows/reports';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { resetEnvForTests } from './env.server';
import {
  countReport,
  flushFlowActivity,
  pruneFlowActivity,
  RATE_LIMITED,
  readFlowActivity,
  readStartsAndCompletions,
  REPORT_BUDGET,
} from './flow-activity.server';
import { REPORT_REFUSALS } from './flow-reports.server';

const { db } = setUpTestDatabase();
const session = findCatalogueEntry('session')!;
const wizard = findCatalogueEntry('event-wizard')!;

/** What a signed-in page's session check reports: a run that checked and was signed in. */
const sessionReport = (runs = 1) => report(sessionCheck(runs));

let addresses = 0;
/** A fresh client address per report, so no test spends another's budget. */
const someone = () => `198.51.100.${(addresses += 1) % 250}:${addresses}`;
const at = (iso: string) => new Date(iso);
const count = (report: unknown, address = someone(), now = new Date()) => countReport(JSON.stringify(report), address, now);

afterEach(async () => {
  await flushFlowActivity();
  await db().delete(flowStateCounts);
  await db().delete(flowTransitionCounts);
  delete process.env.FLOW_ACTIVITY_RETENTION_DAYS;
  resetEnvForTests();
});

describe('counting reports (decision 190)', () => {
  it('adds reports up in memory and writes them on the flush, adding to what is there', async () => {
    expect(count(sessionReport())).toEqual({ status: 204 });
    expect(count(sessionReport(2))).toEqual({ status: 204 });
    expect((await readFlowActivity(session, 1)).states).toEqual({});
    await flushFlowActivity();
    expect(count(sessionReport())).toEqual({ status: 204 });
    await flushFlowActivity();
    const activity = await readFlowActivity(session, 1);
    expect(activity.states).toEqual({ '': 4, checking: 4, signedIn: 4 });
    expect(activity.transitions).toEqual([{ from: 'checking', event: 'xstate.done.actor.checkSession', to: 'signedIn', times: 4 }]);
    // One row per machine, state and day: the three reports were added, not stored.
    expect(await db().select().from(flowStateCounts)).toHaveLength(3);
  });

  it('refuses, whole and with a reason, a report naming what the catalogue does not have, or malformed, or too big', async () => {
    const refusals = [
      [{ v: 1, m: [{ id: 'nope', s: [['', 1]] }] }, REPORT_REFUSALS.unknownMachine('nope')],
      [{ v: 1, m: [sessionReport().m[0], { id: 'session', s: [['nowhereToBeSeen', 1]] }] }, REPORT_REFUSALS.unknownState('session', 'nowhereToBeSeen')],
      [
        { v: 1, m: [{ id: 'session', t: [['checking', 'SUBMIT', 'signedIn', 1]] }] },
        REPORT_REFUSALS.unknownTransition('session', '["checking","SUBMIT","signedIn"]'),
      ],
      [
        { v: 1, m: [{ id: 'session', t: [['signedIn', 'TAB_VISIBLE', 'expired', 1]] }] },
        REPORT_REFUSALS.unknownTransition('session', '["signedIn","TAB_VISIBLE","expired"]'),
      ],
      [{ v: 1, m: [{ id: 'session', s: [['', REPORT_LIMITS.maxTimes + 1]] }] }, REPORT_REFUSALS.unreadable],
      [{ v: 1, m: [{ id: 'session', s: [['', 0]] }] }, REPORT_REFUSALS.unreadable],
      [{ v: 1, m: [{ id: 'session', s: [['', 1]], user: 'rider@example.com' }] }, REPORT_REFUSALS.unreadable],
      [{ v: 2, m: [] }, REPORT_REFUSALS.unreadable],
      [{ v: 1, m: [{ id: 'session', s: Array.from({ length: REPORT_LIMITS.maxRows + 1 }, () => ['checking', 1]) }] }, REPORT_REFUSALS.tooManyRows],
    ] as const;
    for (const [report, message] of refusals) expect(count(report), JSON.stringify(report).slice(0, 80)).toEqual({ status: 400, message });
    expect(countReport('{"v":1,', someone())).toEqual({ status: 400, message: REPORT_REFUSALS.unreadable });
    expect(countReport(`{"v":1,"m":[],"pad":"${'x'.repeat(REPORT_LIMITS.maxBytes)}"}`, someone())).toEqual({ status: 400, message: REPORT_REFUSALS.tooLarge });
    await flushFlowActivity();
    expect(await db().select().from(flowStateCounts)).toEqual([]);
    expect(await db().select().from(flowTransitionCounts)).toEqual([]);
  });

  it('lets one client count no faster than its budget, however many reports it sends', async () => {
    const address = '203.0.113.40';
    const now = new Date();
    const answers = Array.from({ length: 100 }, () => count(sessionReport(25), address, now).status);
    // Each report counts 100 units (4 rows of 25): the budget's 1,000 take ten of them.
    expect(answers.filter((status) => status === 204)).toHaveLength(REPORT_BUDGET.capacity / 100);
    expect(count(sessionReport(25), address, now)).toEqual({ status: 429, message: RATE_LIMITED });
    // Another client is not held back by this one.
    expect(count(sessionReport(25))).toEqual({ status: 204 });
    // A minute on, the client has its refill and no more.
    const later = new Date(now.getTime() + 60_000);
    expect(Array.from({ length: 20 }, () => count(sessionReport(25), address, later).status).filter((status) => status === 204)).toHaveLength(10);
    await flushFlowActivity();
    expect((await readFlowActivity(session, 1)).states['']).toBe(25 * 21);
  });
});

describe('periods and product days (GMT+4)', () => {
  it('counts a report on the product day it arrived, and reads periods of whole days ending today', async () => {
    count(sessionReport(1), someone(), at('2031-03-01T19:59:59Z')); // 23:59:59 on 1 March in GMT+4
    count(sessionReport(2), someone(), at('2031-03-01T20:00:01Z')); // 00:00:01 on 2 March
    count(sessionReport(4), someone(), at('2031-02-23T21:00:00Z')); // 24 February, the 7th day back from 2 March
    count(sessionReport(8), someone(), at('2031-02-22T21:00:00Z')); // 23 February: the 8th
    await flushFlowActivity();
    const now = at('2031-03-02T12:00:00Z');
    expect(await readFlowActivity(session, 1, now)).toMatchObject({ from: '2031-03-02', to: '2031-03-02', states: { '': 2 } });
    expect(await readFlowActivity(session, 7, now)).toMatchObject({ from: '2031-02-24', to: '2031-03-02', states: { '': 7 } });
    expect((await readFlowActivity(session, 30, now)).states['']).toBe(15);
  });

  it("gives /flows every machine's starts and completions (runs reaching the end of its main path)", async () => {
    count(sessionReport(3));
    count({
      v: 1,
      m: [
        {
          id: 'eventWizard',
          s: [
            ['', 5],
            ['allSteps', 5],
            ['disclaimer', 4],
            ['leaving', 1],
          ],
        },
      ],
    });
    await flushFlowActivity();
    const runs = await readStartsAndCompletions(7);
    expect(runs.session).toEqual({ starts: 3, completions: 3 });
    expect(runs['event-wizard']).toEqual({ starts: 5, completions: 1 });
    expect(runs.toast).toEqual({ starts: 0, completions: 0 });
    expect(wizard.mainPath.at(-1)).toBe('leaving');
  });

  it('keeps FLOW_ACTIVITY_RETENTION_DAYS days: the hourly cleanup removes older ones', async () => {
    process.env.FLOW_ACTIVITY_RETENTION_DAYS = '3';
    resetEnvForTests();
    const now = at('2031-03-10T08:00:00Z');
    for (const day of ['2031-03-07', '2031-03-08', '2031-03-10']) count(sessionReport(), someone(), at(`${day}T08:00:00Z`));
    await flushFlowActivity();
    expect(await pruneFlowActivity(now)).toBe(4);
    expect((await db().selectDistinct({ day: flowStateCounts.day }).from(flowStateCounts)).map((row) => row.day).sort()).toEqual(['2031-03-08', '2031-03-10']);
    expect(await pruneFlowActivity(now)).toBe(0);
  });
});

describe('nothing that could name a rider is stored (decision 190)', () => {
  it('has a day, a machine, state or transition names and a count, and nothing else', async () => {
    const result = await db().execute(
      sql`select table_name, column_name from information_schema.columns where table_name in ('flow_state_counts', 'flow_transition_counts') order by table_name, ordinal_position`,
    );
    type Column = { table_name: string; column_name: string };
    const rows = (result as unknown as { rows?: Column[] }).rows ?? (result as unknown as Column[]);
    expect(rows.map((row) => `${row.table_name}.${row.column_name}`)).toEqual([
      'flow_state_counts.day',
      'flow_state_counts.machine_id',
      'flow_state_counts.state',
      'flow_state_counts.count',
      'flow_transition_counts.day',
      'flow_transition_counts.machine_id',
      'flow_transition_counts.from_state',
      'flow_transition_counts.event_type',
      'flow_transition_counts.to_state',
      'flow_transition_counts.count',
    ]);
  });
});
