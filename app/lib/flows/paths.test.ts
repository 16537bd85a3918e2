import { describe, expect, it } from 'vitest';
import { doorEntry, signupEntry } from '../../../tests/fixtures/flows/machines';
import { generatePaths, replayPath } from './paths';
import { renderMarkdown } from './report';

describe('generatePaths on a machine with every statechart feature', () => {
  const { paths, coverage } = generatePaths(signupEntry);

  it('covers every state, transient and final ones included, and every transition', () => {
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
    expect(coverage.transitions.total).toBe(13);
  });

  it('generates paths that replay step by step on a real actor', () => {
    expect(paths.length).toBeGreaterThan(10);
    for (const path of paths) expect(replayPath(signupEntry, path)).toEqual({ ok: true });
  });

  it('records guard outcomes both ways and the transitions a step takes without an event', () => {
    const steps = paths.flatMap((path) => path.steps);
    expect(steps.some((step) => step.guards.includes('emailLooksValid ✓'))).toBe(true);
    expect(steps.some((step) => step.guards.includes('emailLooksValid ✗'))).toBe(true);
    const delayed = steps.find((step) => step.event.type === 'xstate.after.300.signup.waiting.page.shown');
    expect(delayed?.transitions).toEqual([
      'signup.waiting.page.shown —xstate.after.300.signup.waiting.page.shown#0→',
      'signup.waiting.page.checked —always#0→',
    ]);
    expect(delayed?.passed).toContain('signup.waiting.page.checked');
  });

  it('never sends the machine-raised state-done event from outside', () => {
    const sent = paths.flatMap((path) => path.steps.map((step) => step.event.type));
    expect(sent.some((type) => type.startsWith('xstate.done.state.'))).toBe(false);
  });

  it('writes readable Markdown: numbered steps with payload, guard outcome and state', () => {
    const markdown = renderMarkdown(signupEntry, { paths, coverage });
    expect(markdown).toContain('# Sign-up (test) — generated paths');
    expect(markdown).toContain('1. Send **SUBMIT** with `{"email":"nope"}` — guards: emailLooksValid ✗ → `form.invalid`');
    expect(markdown).toContain('Wait: after 5 min');
    expect(markdown).toContain('Service sendCode fails');
    expect(markdown).not.toContain('## Not covered');
  });
});

describe('generatePaths on a machine with an unreachable transition', () => {
  it('reports the transition as not covered', () => {
    const { coverage } = generatePaths(doorEntry);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual(['door.closed —UNLOCK#0→']);
    expect(renderMarkdown(doorEntry, generatePaths(doorEntry))).toContain('- transition `door.closed —UNLOCK#0→`');
  });
});
