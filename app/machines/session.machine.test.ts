import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { SESSION_CHECK_MS, SESSION_OFFLINE_RETRY_MS } from '~/lib/constants';
import type { LogoutAnswer } from '~/lib/logout';
import { sessionMachine, type SessionAnswer } from './session.machine';

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Each check takes the next answer; an Error stands for no answer (the network is down). Each
 * logout takes the next of `logouts` the same way (by default the server sends the rider back
 * to the page they were on); a check held open stays unanswered until the test resolves it.
 */
function start(answers: Array<SessionAnswer | Error | 'held'>, logouts: Array<LogoutAnswer | Error> = []) {
  const clock = new SimulatedClock();
  const checks = vi.fn(async () => {
    const answer = answers.shift() ?? { status: 'valid' };
    if (answer === 'held') return new Promise<SessionAnswer>(() => {});
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const ends = vi.fn(async ({ input }: { input: { from: string } }) => {
    const answer = logouts.shift() ?? { to: input.from };
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const toastReason = vi.fn();
  const redirectToLogin = vi.fn();
  const leave = vi.fn();
  const actor = createActor(
    sessionMachine.provide({
      actors: { checkSession: fromPromise(checks), endSession: fromPromise(ends) },
      actions: { toastReason, redirectToLogin, leave: (_, answer) => leave(answer.to) },
    }),
    { clock },
  );
  actor.start();
  return { actor, clock, checks, ends, toastReason, redirectToLogin, leave };
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

  it('Log Out ends the session and leaves for the page the server names', async () => {
    const { actor, ends, leave, redirectToLogin } = start([valid]);
    await flush();
    actor.send({ type: 'LOG_OUT', from: '/wallet' });
    expect(actor.getSnapshot().value).toBe('signingOut');
    await flush();
    expect(ends).toHaveBeenCalledWith(expect.objectContaining({ input: { from: '/wallet' } }));
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(actor.getSnapshot().status).toBe('done');
    expect(leave).toHaveBeenCalledWith('/wallet');
    expect(redirectToLogin).not.toHaveBeenCalled();
  });

  it('a press while a check runs is not lost, and no check starts while the logout is on its way', async () => {
    const { actor, clock, checks, leave } = start(['held'], [{ to: '/auth/login' }]);
    await flush();
    expect(actor.getSnapshot().value).toBe('checking');
    actor.send({ type: 'LOG_OUT', from: '/auth/logout' });
    actor.send({ type: 'WINDOW_FOCUSED' });
    clock.increment(SESSION_CHECK_MS);
    await flush();
    expect(checks).toHaveBeenCalledTimes(1);
    expect(leave).toHaveBeenCalledWith('/auth/login');
  });

  it('no answer to the logout keeps the rider signed in with the notice; Log Out can be pressed again', async () => {
    const { actor, leave } = start([valid], [new Error('offline'), { to: '/events' }]);
    await flush();
    actor.send({ type: 'LOG_OUT', from: '/events' });
    await flush();
    expect(actor.getSnapshot().value).toBe('networkDown');
    expect(leave).not.toHaveBeenCalled();
    actor.send({ type: 'LOG_OUT', from: '/events' });
    await flush();
    expect(actor.getSnapshot().value).toBe('signedOut');
    expect(leave).toHaveBeenCalledWith('/events');
  });
});
