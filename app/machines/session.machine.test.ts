import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { SESSION_CHECK_MS } from '~/lib/constants';
import { sessionMachine } from './session.machine';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function start(answers: boolean[]) {
  const clock = new SimulatedClock();
  const checks = vi.fn(async () => answers.shift() ?? true);
  const goToLogin = vi.fn();
  const actor = createActor(sessionMachine.provide({ actors: { checkSession: fromPromise(checks) }, actions: { goToLogin } }), { clock }).start();
  return { actor, clock, checks, goToLogin };
}

describe('session machine', () => {
  it('checks on start, then every SESSION_CHECK_MS', async () => {
    const { actor, clock, checks } = start([true, true]);
    await flush();
    expect(checks).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('signedIn');
    clock.increment(SESSION_CHECK_MS - 1);
    expect(checks).toHaveBeenCalledTimes(1);
    clock.increment(1);
    await flush();
    expect(checks).toHaveBeenCalledTimes(2);
  });

  it('checks again on window focus and when the tab becomes visible', async () => {
    const { actor, checks } = start([true, true, true]);
    await flush();
    actor.send({ type: 'WINDOW_FOCUSED' });
    await flush();
    actor.send({ type: 'TAB_VISIBLE' });
    await flush();
    expect(checks).toHaveBeenCalledTimes(3);
  });

  it('sends the rider to login when the session is gone', async () => {
    const { actor, goToLogin } = start([true, false]);
    await flush();
    actor.send({ type: 'WINDOW_FOCUSED' });
    await flush();
    expect(actor.getSnapshot().value).toBe('lost');
    expect(goToLogin).toHaveBeenCalledTimes(1);
  });

  it('keeps watching when the check itself fails (network)', async () => {
    const clock = new SimulatedClock();
    const actor = createActor(
      sessionMachine.provide({ actors: { checkSession: fromPromise(async () => Promise.reject(new Error('offline'))) } }),
      { clock },
    ).start();
    await flush();
    expect(actor.getSnapshot().value).toBe('signedIn');
  });
});
