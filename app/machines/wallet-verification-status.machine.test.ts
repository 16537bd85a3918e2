import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { BADGE_TEXT, shownStatus, walletVerificationStatusMachine } from './wallet-verification-status.machine';

describe('walletVerificationStatus', () => {
  it('starts in the status the server reports and names the badge', () => {
    for (const status of ['unverified', 'pending', 'approved', 'rejected'] as const) {
      const actor = createActor(walletVerificationStatusMachine, { input: { status } }).start();
      expect(actor.getSnapshot().value).toBe(status);
    }
    expect(BADGE_TEXT).toEqual({ pending: 'Verification in progress', rejected: 'Rejected', approved: 'verified', unverified: 'unverified' });
  });

  it('becomes pending after a submission, and a rejected rider may submit again', () => {
    const actor = createActor(walletVerificationStatusMachine, { input: { status: 'rejected' } }).start();
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'FAILED', message: 'Failed to submit verification' });
    expect(actor.getSnapshot().value).toBe('rejected');
    expect(actor.getSnapshot().context.error).toBe('Failed to submit verification');
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'SUBMITTED' });
    expect(actor.getSnapshot().value).toBe('pending');
    expect(actor.getSnapshot().can({ type: 'SUBMIT' })).toBe(false);
    actor.send({ type: 'STATUS', status: 'approved' });
    expect(actor.getSnapshot().value).toBe('approved');
  });

  it('hears only the statuses the server can report next, and none while it submits', () => {
    const actor = createActor(walletVerificationStatusMachine, { input: { status: 'unverified' } }).start();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().can({ type: 'STATUS', status: 'pending' })).toBe(false);
    actor.send({ type: 'SUBMITTED' });
    expect(actor.getSnapshot().can({ type: 'STATUS', status: 'unverified' })).toBe(false);
    expect(actor.getSnapshot().can({ type: 'STATUS', status: 'pending' })).toBe(true);
    actor.send({ type: 'STATUS', status: 'rejected' });
    expect(actor.getSnapshot().value).toBe('rejected');
    actor.send({ type: 'STATUS', status: 'approved' });
    expect(actor.getSnapshot().value).toBe('approved');
    for (const status of ['unverified', 'pending', 'rejected'] as const) expect(actor.getSnapshot().can({ type: 'STATUS', status })).toBe(false);
  });
});

describe('shownStatus', () => {
  it('is the state the machine is in, and the status it started from while a submission is under way', () => {
    const rejected = createActor(walletVerificationStatusMachine, { input: { status: 'rejected' } }).start();
    expect(shownStatus(rejected.getSnapshot())).toBe('rejected');
    rejected.send({ type: 'SUBMIT' });
    expect(rejected.getSnapshot().value).toBe('submitting');
    expect(shownStatus(rejected.getSnapshot())).toBe('rejected');
    rejected.send({ type: 'SUBMITTED' });
    expect(shownStatus(rejected.getSnapshot())).toBe('pending');
    rejected.send({ type: 'STATUS', status: 'approved' });
    expect(shownStatus(rejected.getSnapshot())).toBe('approved');
  });
});
