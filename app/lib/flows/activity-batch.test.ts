import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock, type InspectionEvent } from 'xstate';
import { signupMachine } from '../../../tests/fixtures/flows/machines';
import { REPORT_LIMITS, REPORT_MAX_DELAY_MS, REPORT_QUIET_MS, transitionPartsOf, type ActivityReport } from './activity';
import { ActivityReader, ReportBatch, ScheduledBatch } from './activity-batch';

// Its sendCode service answers at once.
const machine = signupMachine;

/** A real actor of the fixture machine whose inspection records go into a batch. */
function run(batch: ReportBatch) {
  const reader = new ActivityReader(batch);
  const clock = new SimulatedClock();
  const actor = createActor(machine, { clock, inspect: (inspection: InspectionEvent) => reader.read(inspection) });
  actor.start();
  return { actor, clock };
}

const statesOf = (report: ActivityReport | null) => Object.fromEntries(report?.m[0].s ?? []);
const transitionsOf = (report: ActivityReport | null) => report?.m[0].t ?? [];

describe('transitionPartsOf', () => {
  it('names every transition by its from-state, event and to-state paths (eventless as "always", targetless as a loop)', () => {
    const parts = [...transitionPartsOf(signupMachine).values()];
    expect(parts).toContainEqual({ from: 'form.editing', event: 'SUBMIT', to: 'sending', edgeId: 'signup.form.editing:SUBMIT#0' });
    expect(parts).toContainEqual({ from: 'form.editing', event: 'SUBMIT', to: 'form.invalid', edgeId: 'signup.form.editing:SUBMIT#1' });
    expect(parts).toContainEqual({ from: '', event: 'CANCEL', to: 'cancelled', edgeId: 'signup:CANCEL#0' });
    expect(parts).toContainEqual({
      from: 'waiting.page.checked',
      event: 'always',
      to: 'waiting.page.redirecting',
      edgeId: 'signup.waiting.page.checked:always#0',
    });
  });
});

describe('ActivityReader', () => {
  it('counts a run once per state it reaches and every transition each time it is taken', async () => {
    const batch = new ReportBatch();
    const { actor } = run(batch);
    actor.send({ type: 'SUBMIT', email: 'nope' });
    actor.send({ type: 'EDIT' });
    actor.send({ type: 'SUBMIT', email: 'still-nope' });
    actor.send({ type: 'EDIT' });
    const report = batch.take();
    expect(report?.m.map((machine) => machine.id)).toEqual(['signup']);
    expect(statesOf(report)).toEqual({ '': 1, form: 1, 'form.editing': 1, 'form.invalid': 1 });
    expect(transitionsOf(report)).toEqual([
      ['form.editing', 'SUBMIT', 'form.invalid', 2],
      ['form.invalid', 'EDIT', 'form.editing', 2],
    ]);
    // Taken means forgotten: the next report starts empty, and the same run does not count its states again.
    expect(batch.take()).toBeNull();
    actor.send({ type: 'SUBMIT', email: 'rider@paceline.local' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    const next = batch.take();
    expect(statesOf(next)).toMatchObject({ sending: 1, waiting: 1, 'waiting.resend.locked': 1, 'waiting.page.shown': 1 });
    expect(statesOf(next)).not.toHaveProperty('form.editing');
    expect(transitionsOf(next)).toContainEqual(['form.editing', 'SUBMIT', 'sending', 1]);
  });

  it('counts a state left within the step that entered it, by its transition out', async () => {
    const batch = new ReportBatch();
    const { actor, clock } = run(batch);
    actor.send({ type: 'SUBMIT', email: 'rider@paceline.local' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    clock.increment(300);
    const report = batch.take();
    expect(statesOf(report)).toMatchObject({ 'waiting.page.checked': 1, 'waiting.page.redirecting': 1 });
    expect(transitionsOf(report)).toContainEqual(['waiting.page.checked', 'always', 'waiting.page.redirecting', 1]);
  });

  it('counts two actors of one machine as two runs', () => {
    const batch = new ReportBatch();
    run(batch);
    run(batch);
    expect(statesOf(batch.take())).toEqual({ '': 2, form: 2, 'form.editing': 2 });
  });
});

describe('ReportBatch', () => {
  it('is full before a row could count more than the server takes', () => {
    const batch = new ReportBatch();
    for (let taken = 1; taken < REPORT_LIMITS.maxTimes; taken += 1) batch.took('signup', 'form.editing', 'SUBMIT', 'form.invalid');
    expect(batch.isFull).toBe(false);
    batch.took('signup', 'form.editing', 'SUBMIT', 'form.invalid');
    expect(batch.isFull).toBe(true);
    expect(batch.take()?.m[0].t).toEqual([['form.editing', 'SUBMIT', 'form.invalid', REPORT_LIMITS.maxTimes]]);
    expect(batch.isFull).toBe(false);
  });

  it('is full at the most rows a report may hold', () => {
    const batch = new ReportBatch();
    for (let row = 0; row < REPORT_LIMITS.maxRows; row += 1) {
      expect(batch.isFull).toBe(false);
      batch.reached('signup', `state${row}`);
    }
    expect(batch.isFull).toBe(true);
  });
});

describe('ScheduledBatch: when a page sends (decision 191)', () => {
  afterEach(() => vi.useRealTimers());

  function page() {
    vi.useFakeTimers();
    const sent: ActivityReport[] = [];
    const batch = new ScheduledBatch((report) => sent.push(report));
    const actor = createActor(machine, { inspect: batch.inspector() });
    return { sent, batch, actor };
  }

  it('sends once the counting has been quiet for a while, not at each step', () => {
    const { sent, actor } = page();
    actor.start();
    for (let step = 0; step < 6; step += 1) {
      vi.advanceTimersByTime(REPORT_QUIET_MS - 1_000);
      actor.send({ type: step % 2 === 0 ? 'SUBMIT' : 'EDIT', email: 'nope' } as never);
    }
    expect(sent).toHaveLength(0);
    vi.advanceTimersByTime(REPORT_QUIET_MS);
    expect(sent).toHaveLength(1);
    expect(transitionsOf(sent[0])).toEqual([
      ['form.editing', 'SUBMIT', 'form.invalid', 3],
      ['form.invalid', 'EDIT', 'form.editing', 3],
    ]);
    // Nothing new, nothing sent.
    vi.advanceTimersByTime(REPORT_MAX_DELAY_MS * 2);
    expect(sent).toHaveLength(1);
  });

  it('sends at the latest REPORT_MAX_DELAY_MS after the first count, however busy the page', () => {
    const { sent, actor } = page();
    actor.start();
    for (let elapsed = 0; elapsed < REPORT_MAX_DELAY_MS; elapsed += 1_000) {
      vi.advanceTimersByTime(1_000);
      actor.send({ type: elapsed % 2000 === 0 ? 'SUBMIT' : 'EDIT', email: 'nope' } as never);
    }
    expect(sent).toHaveLength(1);
  });

  it('sends at once when flushed (the page hidden or left) or when full, and never an empty report', () => {
    const { sent, batch, actor } = page();
    batch.flush();
    expect(sent).toHaveLength(0);
    actor.start();
    batch.flush();
    expect(sent).toHaveLength(1);
    for (let taken = 0; taken < 2 * REPORT_LIMITS.maxTimes; taken += 1) actor.send({ type: taken % 2 === 0 ? 'SUBMIT' : 'EDIT', email: 'nope' } as never);
    expect(sent).toHaveLength(2);
    expect(Math.max(...(sent[1].m[0].t ?? []).map((row) => row[3]))).toBe(REPORT_LIMITS.maxTimes);
  });
});
