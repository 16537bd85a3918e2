import { describe, expect, it } from 'vitest';
import { funnelOf } from './funnel';

describe('funnelOf', () => {
  const transitions = [
    { from: 'form', event: 'SUBMIT', to: 'sending', times: 60 },
    { from: 'form', event: 'CANCEL', to: 'cancelled', times: 25 },
    { from: 'form.editing', event: 'HELP', to: 'help', times: 5 },
    { from: 'form.editing', event: 'TYPED', to: 'form.editing', times: 300 },
    { from: 'sending', event: 'xstate.error.actor.send', to: 'form', times: 10 },
    { from: 'sending', event: 'xstate.done.actor.send', to: 'sent', times: 50 },
  ];

  it('gives each step its runs, its share of the first, the drop to the next and where the others went', () => {
    const steps = funnelOf(['form', 'sending', 'sent'], { states: { form: 100, sending: 60, sent: 50 }, transitions });
    expect(steps.map(({ state, reached, dropped }) => ({ state, reached, dropped }))).toEqual([
      { state: 'form', reached: 100, dropped: 40 },
      { state: 'sending', reached: 60, dropped: 10 },
      { state: 'sent', reached: 50, dropped: 0 },
    ]);
    expect(steps[1].ofFirst).toBe(0.6);
    expect(steps[0].dropShare).toBe(0.4);
    // Ways out of the step (its own children's too) that are not the next step; a loop within it is no way out.
    expect(steps[0].exits.map((exit) => `${exit.event}→${exit.to}`)).toEqual(['CANCEL→cancelled', 'HELP→help']);
    expect(steps[1].exits.map((exit) => exit.to)).toEqual(['form']);
    expect(steps[2].exits).toEqual([]);
  });

  it('shows no drop when a later step was reached by more runs (a step reached on a later page)', () => {
    const steps = funnelOf(['form', 'sent'], { states: { form: 10, sent: 12 }, transitions: [] });
    expect(steps[0]).toMatchObject({ dropped: 0, dropShare: 0 });
    expect(steps[1].ofFirst).toBe(1.2);
  });

  it('is all zeros before anyone came', () => {
    expect(funnelOf(['form', 'sent'], { states: {}, transitions: [] }).map((step) => [step.reached, step.ofFirst, step.dropShare])).toEqual([
      [0, 0, 0],
      [0, 0, 0],
    ]);
  });
});
