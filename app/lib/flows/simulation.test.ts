import { describe, expect, it } from 'vitest';
import { signupEntry } from '../../../tests/fixtures/flows/machines';
import { describeStateValue } from './definition';
import { choicesFor, decodeSteps, encodeSteps, formatContext, simulate } from './simulation';

const valid = { type: 'SUBMIT', email: 'rider@paceline.local' };
const resolved = { type: 'xstate.done.actor.sendCode', output: { sent: true } };

describe('simulate', () => {
  it('replays events, firing delays and resolving services from events alone', () => {
    const simulation = simulate(signupEntry, [valid, resolved, { type: 'xstate.after.resendWait.signup.waiting.resend.locked' }]);
    expect(simulation.rejected).toBeUndefined();
    expect(describeStateValue(simulation.snapshot.value)).toBe('waiting.(resend.open, page.shown)');
    expect(simulation.snapshot.context).toEqual({ email: 'rider@paceline.local', attempts: 1 });
    expect(simulation.states).toHaveLength(4);
  });

  it('stops at an event the state does not accept (an outdated link)', () => {
    const simulation = simulate(signupEntry, [valid, { type: 'EDIT' }, resolved]);
    expect(simulation.steps).toEqual([valid]);
    expect(simulation.rejected).toEqual({ index: 1, event: { type: 'EDIT' } });
    expect(describeStateValue(simulation.snapshot.value)).toBe('sending');
  });

  it('reaches final states', () => {
    const simulation = simulate(signupEntry, [{ type: 'CANCEL' }]);
    expect(simulation.snapshot.status).toBe('done');
    expect(choicesFor(signupEntry, simulation.snapshot)).toEqual([]);
  });
});

describe('choicesFor', () => {
  it('offers each payload sample the guards accept, and sorts timers and services apart', () => {
    const start = simulate(signupEntry, []).snapshot;
    expect(choicesFor(signupEntry, start).map((choice) => [choice.kind, choice.event])).toEqual([
      ['event', { type: 'CANCEL' }],
      ['event', valid],
      ['event', { type: 'SUBMIT', email: 'nope' }],
    ]);
    const sending = simulate(signupEntry, [valid]).snapshot;
    expect(choicesFor(signupEntry, sending).map((choice) => choice.kind)).toEqual(['event', 'resolve', 'fail']);
    const waiting = simulate(signupEntry, [valid, resolved]).snapshot;
    expect(
      choicesFor(signupEntry, waiting)
        .filter((choice) => choice.kind === 'delay')
        .map((choice) => choice.event.type),
    ).toEqual(['xstate.after.resendWait.signup.waiting.resend.locked', 'xstate.after.300.signup.waiting.page.shown']);
  });
});

describe('steps in the URL', () => {
  it('round-trips events, unicode included, and ignores garbage', () => {
    const events = [valid, { type: 'SAY', text: 'héllo ✓' }];
    const encoded = encodeSteps(events);
    expect(encoded).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeSteps(encoded)).toEqual(events);
    expect(decodeSteps('%%%')).toEqual([]);
    expect(decodeSteps(encodeSteps([{ nope: 1 } as never]))).toEqual([]);
    expect(decodeSteps(null)).toEqual([]);
  });
});

describe('formatContext', () => {
  it('prints JSON and cuts cycles', () => {
    const context: Record<string, unknown> = { a: 1 };
    context.self = context;
    expect(formatContext(context)).toContain('"self": "[circular]"');
  });
});
