import { describe, expect, it } from 'vitest';
import { setup } from 'xstate';
import { signupMachine } from '../../../tests/fixtures/flows/machines';
import { activityOnGraph } from './activity-chart';
import { extractGraph } from './graph';

describe('activityOnGraph', () => {
  it('puts runs on states by id and times on edges with their share of the way out of their state', () => {
    const chart = activityOnGraph(extractGraph(signupMachine), {
      states: { '': 10, form: 10, 'form.editing': 10, 'form.invalid': 4, sending: 6 },
      transitions: [
        { from: 'form.editing', event: 'SUBMIT', to: 'sending', times: 6 },
        { from: 'form.editing', event: 'SUBMIT', to: 'form.invalid', times: 2 },
        { from: '', event: 'CANCEL', to: 'cancelled', times: 1 },
      ],
    });
    expect(chart.states).toMatchObject({ signup: 10, 'signup.form.editing': 10, 'signup.form.invalid': 4, 'signup.sending': 6, 'signup.welcome': 0 });
    expect(chart.edges['signup.form.editing:SUBMIT#0']).toEqual({ times: 6, share: 0.75 });
    expect(chart.edges['signup.form.editing:SUBMIT#1']).toEqual({ times: 2, share: 0.25 });
    expect(chart.edges['signup:CANCEL#0']).toEqual({ times: 1, share: 1 });
    expect(chart.edges['signup.form.invalid:EDIT#0']).toEqual({ times: 0, share: 0 });
    expect(chart.edges['signup.waiting.page.checked:always#0']).toEqual({ times: 0, share: 0 });
  });

  it('gives the count of two candidates with one way (state, event, target) to the first only', () => {
    const machine = setup({ guards: { first: () => true } }).createMachine({
      id: 'twice',
      initial: 'a',
      states: { a: { on: { GO: [{ guard: 'first', target: 'b' }, { target: 'b' }] } }, b: {} },
    });
    const chart = activityOnGraph(extractGraph(machine), { states: {}, transitions: [{ from: 'a', event: 'GO', to: 'b', times: 3 }] });
    expect(chart.edges['twice.a:GO#0']).toEqual({ times: 3, share: 1 });
    expect(chart.edges).not.toHaveProperty('twice.a:GO#1');
  });
});
