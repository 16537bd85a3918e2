import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { SESSION_CHECK_MS, SESSION_OFFLINE_RETRY_MS } from '~/lib/constants';
import { sessionMachine, type SessionAnswer } from './session.machine';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Each check takes the next answer; an Error stands for no answer (the network is down). */
function start(answers: Array<SessionAnswer | Error>) {
  const clock = new SimulatedClock();
  const checks = vi.fn(async () => {
    const answer = answers.shift() ?? { status: 'valid' };
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const toastReason = vi.fn();
  const redirectToLogin = vi.fn();
  const actor = createActor(sessionMachine.provide({ actors: { checkSession: fromPromise(checks) }, actions: { toastReason, redirectToLogin } }), { clock });
  actor.start();
  return { actor, clock, checks, toastReason, redirectToLogin };
}

const valid: SessionAnswer = { status: 'valid' };

describe('session machine', () => {
  it('checks on start, then every SESSION_CHECK_MS', async () => {
    const { actor, clock, checks } = start([valid, valid]);
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
    const { actor, checks } = start([valid, valid, valid]);
    await flush();
    actor.send({ type: 'WINDOW_FOCUSED' });
    await flush();
    actor.send({ type: 'TAB_VISIBLE' });
    await flush();
    expect(checks).toHaveBeenCalledTimes(3);
  });

  it('an expired session toasts its reason and goes to login with it', async () => {
    const { actor, toastReason, redirectToLogin } = start([valid, { status: 'expired', reason: 'token_expired' }]);
    await flush();
    actor.send({ type: 'WINDOW_FOCUSED' });
    await flush();
    expect(actor.getSnapshot().value).toBe('expired');
    expect(actor.getSnapshot().context.reason).toBe('token_expired');
    expect(toastReason).toHaveBeenCalledTimes(1);
    expect(redirectToLogin).toHaveBeenCalledTimes(1);
  });

  it('a session ended elsewhere is told apart from an expired one', async () => {
    const { actor, redirectToLogin } = start([{ status: 'revoked' }]);
    await flush();
    expect(actor.getSnapshot().value).toBe('revokedElsewhere');
    expect(actor.getSnapshot().context.reason).toBe('session_revoked');
    expect(redirectToLogin).toHaveBeenCalledTimes(1);
  });

  it('no answer keeps the rider signed in and tries again: on its timer, when back online, on focus', async () => {
    const { actor, clock, checks, redirectToLogin } = start([new Error('offline'), new Error('offline'), new Error('offline'), valid]);
    await flush();
    expect(actor.getSnapshot().value).toBe('networkDown');
    clock.increment(SESSION_OFFLINE_RETRY_MS);
    await flush();
    expect(actor.getSnapshot().value).toBe('networkDown');
    actor.send({ type: 'BACK_ONLINE' });
    await flush();
    expect(actor.getSnapshot().value).toBe('networkDown');
    actor.send({ type: 'WINDOW_FOCUSED' });
    await flush();
    expect(actor.getSnapshot().value).toBe('signedIn');
    expect(checks).toHaveBeenCalledTimes(4);
    expect(redirectToLogin).not.toHaveBeenCalled();
  });
});
