import { and, between, eq, inArray, lt, sql } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { flowStateCounts, flowTransitionCounts } from '~/db/schema';
import { addDays, todayInEventZone } from '~/lib/events/dates';
import { startsAndCompletions, type ActivityReport, type FlowActivity, type StartsAndCompletions } from '~/lib/flows/activity';
import type { CatalogueEntry } from '~/lib/flows/types';
import { catalogue } from '~/machines/catalogue';
import { AddressBudget } from './rate-limit.server';
import { getEnv } from './env.server';
import { readReport } from './flow-reports.server';

/**
 * Flow activity (decision 190, docs/flows-activity.md): the counts browsers report, added up in
 * this process and written every FLUSH_MS as one upsert per table, `count = count + n`, so any
 * number of instances add to the same rows. A report costs a parse and a few map updates, never a
 * statement of its own (decision 193): a burst of reports does not queue behind the database
 * that pages read. What a process holds when it stops is written by `stopFlowActivity`.
 */

/** How often the counts gathered here reach the database: what /flows may lag behind. */
const FLUSH_MS = 5_000;

/**
 * A client's budget, in counted units (one per run reaching a state, one per transition taken):
 * 1,000 at once, refilled at 1,000 a minute. A rider's page reports tens; one client cannot make
 * a count grow faster than this, however many reports it sends (decision 191).
 */
export const REPORT_BUDGET = { capacity: 1_000, refillPerSecond: 1_000 / 60 } as const;
const budget = new AddressBudget(REPORT_BUDGET.capacity, REPORT_BUDGET.refillPerSecond);

export type ReportAnswer = { status: 204 } | { status: 400 | 429; message: string };

export const RATE_LIMITED = 'Too many flow reports from this address: try again in a minute.';

/** Counts a report from `address` (which is used for the budget only, never kept). */
export function countReport(text: string, address: string, now = new Date()): ReportAnswer {
  const read = readReport(text);
  if (!read.ok) return { status: 400, message: read.message };
  if (!budget.take(address, read.units, now.getTime())) return { status: 429, message: RATE_LIMITED };
  add(read.report, todayInEventZone(now));
  return { status: 204 };
}

const SEPARATOR = '\u0000';
const pendingStates = new Map<string, number>();
const pendingTransitions = new Map<string, number>();

function bump(into: Map<string, number>, parts: string[], n: number) {
  const key = parts.join(SEPARATOR);
  into.set(key, (into.get(key) ?? 0) + n);
}

function add(report: ActivityReport, day: string) {
  for (const machine of report.m) {
    for (const [state, runs] of machine.s ?? []) bump(pendingStates, [day, machine.id, state], runs);
    for (const [from, event, to, times] of machine.t ?? []) bump(pendingTransitions, [day, machine.id, from, event, to], times);
  }
}

/** Rows in key order: instances writing the same rows at once take their locks in one order. */
function drain(pending: Map<string, number>): Array<{ parts: string[]; count: number }> {
  const rows = [...pending].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, count]) => ({ parts: key.split(SEPARATOR), count }));
  pending.clear();
  return rows;
}

let flushing: Promise<void> = Promise.resolve();

/** Writes what this process has gathered; on failure it is kept for the next flush. */
export function flushFlowActivity(): Promise<void> {
  flushing = flushing.then(writePending);
  return flushing;
}

async function writePending(): Promise<void> {
  const states = drain(pendingStates);
  const transitions = drain(pendingTransitions);
  if (states.length === 0 && transitions.length === 0) return;
  try {
    await db().transaction(async (tx) => {
      if (states.length > 0) {
        await tx
          .insert(flowStateCounts)
          .values(states.map(({ parts: [day, machineId, state], count }) => ({ day, machineId, state, count })))
          .onConflictDoUpdate({
            target: [flowStateCounts.day, flowStateCounts.machineId, flowStateCounts.state],
            set: { count: sql`${flowStateCounts.count} + excluded.count` },
          });
      }
      if (transitions.length > 0) {
        await tx
          .insert(flowTransitionCounts)
          .values(
            transitions.map(({ parts: [day, machineId, fromState, eventType, toState], count }) => ({ day, machineId, fromState, eventType, toState, count })),
          )
          .onConflictDoUpdate({
            target: [
              flowTransitionCounts.day,
              flowTransitionCounts.machineId,
              flowTransitionCounts.fromState,
              flowTransitionCounts.eventType,
              flowTransitionCounts.toState,
            ],
            set: { count: sql`${flowTransitionCounts.count} + excluded.count` },
          });
      }
    });
  } catch (error) {
    // Kept, not lost (the transaction wrote nothing): counted again with the next flush.
    for (const { parts, count } of states) bump(pendingStates, parts, count);
    for (const { parts, count } of transitions) bump(pendingTransitions, parts, count);
    console.error('Writing flow activity failed; it is kept for the next flush', error);
  }
}

let timer: NodeJS.Timeout | undefined;

export function startFlowActivity(): void {
  timer ??= setInterval(() => void flushFlowActivity(), FLUSH_MS).unref();
}

/** At shutdown, before the database closes: nothing gathered is lost. */
export async function stopFlowActivity(): Promise<void> {
  clearInterval(timer);
  timer = undefined;
  await flushFlowActivity();
}

/** The product days of a period of `days` ending today (GMT+4), both ends included. */
export function periodOf(days: number, now = new Date()): { from: string; to: string } {
  const to = todayInEventZone(now);
  return { from: addDays(to, -(days - 1)), to };
}

/** One machine's counts over the period. */
export async function readFlowActivity(entry: CatalogueEntry, days: number, now = new Date()): Promise<FlowActivity> {
  const { from, to } = periodOf(days, now);
  const machineId = entry.machine.id;
  const [stateRows, transitionRows] = await Promise.all([
    db()
      .select({ state: flowStateCounts.state, runs: sql<string>`sum(${flowStateCounts.count})` })
      .from(flowStateCounts)
      .where(and(eq(flowStateCounts.machineId, machineId), between(flowStateCounts.day, from, to)))
      .groupBy(flowStateCounts.state),
    db()
      .select({
        from: flowTransitionCounts.fromState,
        event: flowTransitionCounts.eventType,
        to: flowTransitionCounts.toState,
        times: sql<string>`sum(${flowTransitionCounts.count})`,
      })
      .from(flowTransitionCounts)
      .where(and(eq(flowTransitionCounts.machineId, machineId), between(flowTransitionCounts.day, from, to)))
      .groupBy(flowTransitionCounts.fromState, flowTransitionCounts.eventType, flowTransitionCounts.toState),
  ]);
  return {
    machineId: entry.id,
    days,
    from,
    to,
    states: Object.fromEntries(stateRows.map((row) => [row.state, Number(row.runs)])),
    transitions: transitionRows
      .map((row) => ({ from: row.from, event: row.event, to: row.to, times: Number(row.times) }))
      .sort((a, b) => b.times - a.times || (a.from + a.event + a.to < b.from + b.event + b.to ? -1 : 1)),
  };
}

/** Starts and completions of every machine over the period, by catalogue id (what /flows lists). */
export async function readStartsAndCompletions(days: number, now = new Date()): Promise<Record<string, StartsAndCompletions>> {
  const { from, to } = periodOf(days, now);
  const lastSteps = catalogue.map((entry) => entry.mainPath.at(-1) ?? '');
  const rows = await db()
    .select({ machineId: flowStateCounts.machineId, state: flowStateCounts.state, runs: sql<string>`sum(${flowStateCounts.count})` })
    .from(flowStateCounts)
    .where(and(between(flowStateCounts.day, from, to), inArray(flowStateCounts.state, [...new Set(['', ...lastSteps])])))
    .groupBy(flowStateCounts.machineId, flowStateCounts.state);
  const statesOf = new Map<string, Record<string, number>>();
  for (const row of rows) statesOf.set(row.machineId, { ...statesOf.get(row.machineId), [row.state]: Number(row.runs) });
  return Object.fromEntries(catalogue.map((entry) => [entry.id, startsAndCompletions(entry.mainPath, statesOf.get(entry.machine.id) ?? {})]));
}

/** The hourly cleanup: counts of days older than FLOW_ACTIVITY_RETENTION_DAYS go. Returns how many rows. */
export async function pruneFlowActivity(now = new Date()): Promise<number> {
  const oldestKept = addDays(todayInEventZone(now), -(getEnv().FLOW_ACTIVITY_RETENTION_DAYS - 1));
  const states = await db().delete(flowStateCounts).where(lt(flowStateCounts.day, oldestKept)).returning({ day: flowStateCounts.day });
  const transitions = await db().delete(flowTransitionCounts).where(lt(flowTransitionCounts.day, oldestKept)).returning({ day: flowTransitionCounts.day });
  return states.length + transitions.length;
}
