import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor, SimulatedClock } from 'xstate';
import { NETWORK_IMPORT_POLL_MS } from '~/lib/constants';
import { connectNetworkMachine, type ImportProgress } from './connect-network.machine';

function start(options: { xert?: () => Promise<{ ok: boolean }>; disconnect?: () => Promise<void>; polls?: ImportProgress[]; left?: string[] } = {}) {
  const clock = new SimulatedClock();
  const polls = [...(options.polls ?? [])];
  const machine = connectNetworkMachine.provide({
    actors: {
      connectXert: fromPromise(options.xert ?? (async () => ({ ok: true }))),
      disconnect: fromPromise(options.disconnect ?? (async () => undefined)),
      pollImport: fromPromise(async () => polls.shift() ?? null),
    },
    actions: { leaveForProvider: () => options.left?.push('provider') },
  });
  return { actor: createActor(machine, { clock }).start(), clock };
}

describe('connectNetwork machine', () => {
  it('Connect leaves for the provider; Xert opens its form instead', () => {
    const left: string[] = [];
    const { actor } = start({ left });
    actor.send({ type: 'LOADED', network: 'strava', linked: false, outcome: null, progress: null });
    actor.send({ type: 'CONNECT' });
    expect(actor.getSnapshot().value).toBe('redirecting');
    expect(left).toEqual(['provider']);
    const xert = start().actor;
    xert.send({ type: 'LOADED', network: 'xert', linked: false, outcome: null, progress: null });
    xert.send({ type: 'CONNECT' });
    expect(xert.getSnapshot().value).toBe('xertForm');
    xert.send({ type: 'CANCEL' });
    expect(xert.getSnapshot().value).toBe('disconnected');
  });

  it('a failed callback shows the error on a disconnected card', () => {
    const { actor } = start();
    actor.send({ type: 'LOADED', network: 'strava', linked: false, outcome: 'failed', progress: null });
    expect(actor.getSnapshot().value).toBe('disconnected');
    expect(actor.getSnapshot().context.failed).toBe(true);
    actor.send({ type: 'DISMISS' });
    expect(actor.getSnapshot().context.failed).toBe(false);
    // Dismiss belongs to the alert: with none shown there is nothing to dismiss.
    expect(actor.getSnapshot().can({ type: 'DISMISS' })).toBe(false);
  });

  it('Xert with empty fields shows both messages and sends nothing', () => {
    const { actor } = start({ xert: async () => Promise.reject(new Error('must not be called')) });
    actor.send({ type: 'LOADED', network: 'xert', linked: false, outcome: null, progress: null });
    actor.send({ type: 'CONNECT' });
    actor.send({ type: 'SUBMIT_XERT', username: ' ', password: '' });
    expect(actor.getSnapshot().value).toBe('xertForm');
    expect(actor.getSnapshot().context.errors).toEqual({ username: 'Username is required', password: 'Password is required' });
  });

  it('Xert accepted connects; refused shows the error in the form', async () => {
    const { actor } = start();
    actor.send({ type: 'LOADED', network: 'xert', linked: false, outcome: null, progress: null });
    actor.send({ type: 'CONNECT' });
    actor.send({ type: 'SUBMIT_XERT', username: 'rider', password: 'sandbox' });
    await waitFor(actor, (snapshot) => snapshot.matches('connected'));
    const refused = start({ xert: async () => ({ ok: false }) }).actor;
    refused.send({ type: 'LOADED', network: 'xert', linked: false, outcome: null, progress: null });
    refused.send({ type: 'CONNECT' });
    refused.send({ type: 'SUBMIT_XERT', username: 'rider', password: 'wrong' });
    await waitFor(refused, (snapshot) => snapshot.matches('xertForm') && snapshot.context.failed);
  });

  it('Disconnect asks first; Cancel keeps the connection, Confirm removes it', async () => {
    const { actor } = start();
    actor.send({ type: 'LOADED', network: 'strava', linked: true, outcome: null, progress: null });
    actor.send({ type: 'DISCONNECT' });
    expect(actor.getSnapshot().value).toBe('confirmingDisconnect');
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().matches('connected')).toBe(true);
    actor.send({ type: 'DISCONNECT' });
    actor.send({ type: 'CONFIRM' });
    await waitFor(actor, (snapshot) => snapshot.matches('disconnected'));
  });

  it('a running import is polled every interval until it is done', async () => {
    const { actor, clock } = start({
      polls: [
        { status: 'running', done: 2, total: 3 },
        { status: 'done', done: 3, total: 3 },
      ],
    });
    actor.send({ type: 'LOADED', network: 'strava', linked: true, outcome: 'connected', progress: { status: 'running', done: 0, total: 3 } });
    expect(actor.getSnapshot().matches({ connected: 'importing' })).toBe(true);
    clock.increment(NETWORK_IMPORT_POLL_MS);
    await waitFor(actor, (snapshot) => snapshot.matches({ connected: 'importing' }) && snapshot.context.progress?.done === 2);
    clock.increment(NETWORK_IMPORT_POLL_MS);
    await waitFor(actor, (snapshot) => snapshot.matches({ connected: 'idle' }));
    expect(actor.getSnapshot().context.progress).toEqual({ status: 'done', done: 3, total: 3 });
  });
});
