import { describe, expect, it } from 'vitest';
import { and, not, or, setup } from 'xstate';
import { doorMachine, signupMachine } from '../../../tests/fixtures/flows/machines';
import { extractGraph, formatDelay, graphCounts } from './graph';

describe('formatDelay', () => {
  it('puts delays in the largest whole unit', () => {
    expect(formatDelay(300)).toBe('after 300 ms');
    expect(formatDelay(10_000)).toBe('after 10 s');
    expect(formatDelay(120_000)).toBe('after 2 min');
    expect(formatDelay(90_000)).toBe('after 90 s');
    expect(formatDelay(1_500)).toBe('after 1.5 s');
    expect(formatDelay(7_200_000)).toBe('after 2 h');
  });
});

describe('extractGraph', () => {
  const graph = extractGraph(signupMachine);
  const node = (id: string) => graph.nodes.find((candidate) => candidate.id === id);
  const edgesFrom = (id: string) => graph.edges.filter((edge) => edge.source === id);

  it('keeps the nesting, the kinds of states and the initial children', () => {
    expect(node('signup')).toMatchObject({ parent: null, type: 'compound' });
    expect(node('signup.form')).toMatchObject({
      type: 'compound',
      initial: true,
      parent: 'signup',
      children: ['signup.form.editing', 'signup.form.invalid'],
    });
    expect(node('signup.form.editing')).toMatchObject({ type: 'atomic', initial: true, path: ['form', 'editing'] });
    expect(node('signup.form.invalid')?.initial).toBe(false);
    expect(node('signup.waiting')).toMatchObject({ type: 'parallel', initial: false });
    // Regions of a parallel state are all entered: none is "the" initial one.
    expect(node('signup.waiting.resend')?.initial).toBe(false);
    expect(node('signup.waiting.page.done')?.type).toBe('final');
    expect(node('signup.welcome')?.type).toBe('final');
  });

  it('lists invoked services with their id and source', () => {
    expect(node('signup.sending')?.invokes).toEqual([{ id: 'sendCode', src: 'sendCode' }]);
  });

  it('labels guarded transitions with their guard and actions, in order', () => {
    const submits = edgesFrom('signup.form.editing');
    expect(submits.map((edge) => [edge.label, edge.guard, edge.actions, edge.targets])).toEqual([
      ['SUBMIT', 'emailLooksValid', ['rememberEmail'], ['signup.sending']],
      ['SUBMIT', undefined, [], ['signup.form.invalid']],
    ]);
  });

  it('labels invoke results as done and error arrows', () => {
    expect(edgesFrom('signup.sending').map((edge) => [edge.kind, edge.label, edge.targets, edge.actions])).toEqual([
      ['done', 'done: sendCode', ['signup.waiting'], ['countAttempt']],
      ['error', 'error: sendCode', ['signup.form'], []],
    ]);
  });

  it('puts named and numeric delays in words', () => {
    const delays = graph.edges.filter((edge) => edge.kind === 'delay');
    expect(delays.map((edge) => [edge.source, edge.label, edge.delayMs])).toEqual([
      ['signup.waiting.resend.locked', 'after 5 min', 300_000],
      ['signup.waiting.page.shown', 'after 300 ms', 300],
      ['signup.waiting.page.redirecting', 'after 12 min', 720_000],
    ]);
  });

  it('shows eventless, state-done and root-level transitions', () => {
    expect(edgesFrom('signup.waiting.page.checked')).toMatchObject([{ kind: 'always', label: 'always', targets: ['signup.waiting.page.redirecting'] }]);
    expect(edgesFrom('signup.waiting')).toMatchObject([{ kind: 'stateDone', label: 'done', targets: ['signup.welcome'] }]);
    expect(edgesFrom('signup')).toMatchObject([{ label: 'CANCEL', targets: ['signup.cancelled'] }]);
  });

  it('counts states, transitions, delays and services for the index', () => {
    expect(graphCounts(graph)).toEqual({ states: 16, transitions: 13, delays: 3, services: 1 });
    expect(graphCounts(extractGraph(doorMachine))).toEqual({ states: 2, transitions: 2, delays: 0, services: 0 });
  });

  it('spells out combined guards', () => {
    const machine = setup({ guards: { isKid: () => true, hasParent: () => true } }).createMachine({
      id: 'combined',
      initial: 'a',
      states: {
        a: {
          on: {
            NEXT: [
              { guard: and(['isKid', not('hasParent')]), target: 'b' },
              { guard: or(['isKid', 'hasParent']), target: 'b' },
            ],
          },
        },
        b: {},
      },
    });
    expect(extractGraph(machine).edges.map((edge) => edge.guard)).toEqual(['isKid && !hasParent', 'isKid || hasParent']);
  });

  it('names delays it cannot resolve and targetless transitions', () => {
    const machine = setup({ delays: { jitter: () => 5 }, actions: { note: () => {} } }).createMachine({
      id: 'odd',
      initial: 'a',
      states: { a: { after: { jitter: 'b' }, on: { PING: { actions: 'note' } } }, b: {} },
    });
    const edges = extractGraph(machine).edges;
    expect(edges.find((edge) => edge.kind === 'delay')?.label).toBe('after jitter');
    expect(edges.find((edge) => edge.label === 'PING')).toMatchObject({ targets: [], actions: ['note'] });
  });
});
