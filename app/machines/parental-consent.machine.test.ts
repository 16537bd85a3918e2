import { describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { PARENTAL_CONSENT_REDIRECT_MS, PARENTAL_CONSENT_RESEND_WAIT_S } from '~/lib/constants';
import { parentalConsentMachine } from './parental-consent.machine';

function sentActor() {
  const clock = new SimulatedClock();
  const goToLogin = vi.fn();
  const actor = createActor(parentalConsentMachine.provide({ actions: { goToLogin } }), { clock }).start();
  actor.send({ type: 'EMAIL_CHANGED', email: 'parent@example.com' });
  actor.send({ type: 'SUBMIT' });
  actor.send({ type: 'SENT' });
  return { actor, clock, goToLogin };
}

describe('parental consent machine', () => {
  it('keeps Submit closed while the e-mail is empty', () => {
    const actor = createActor(parentalConsentMachine).start();
    actor.send({ type: 'SUBMIT' });
    expect(actor.getSnapshot().value).toBe('form');
  });

  it('locks Resend for 300 s, then opens it', () => {
    const { actor, clock } = sentActor();
    expect(actor.getSnapshot().value).toEqual({ emailSent: 'resendLocked' });
    actor.send({ type: 'RESEND' });
    expect(actor.getSnapshot().value).toEqual({ emailSent: 'resendLocked' });
    clock.increment(PARENTAL_CONSENT_RESEND_WAIT_S * 1000);
    expect(actor.getSnapshot().value).toEqual({ emailSent: 'resendOpen' });
    actor.send({ type: 'RESEND' });
    expect(actor.getSnapshot().value).toBe('resending');
    actor.send({ type: 'SENT' });
    expect(actor.getSnapshot().value).toEqual({ emailSent: 'resendLocked' });
  });

  it('returns to login after 720 000 ms', () => {
    const { actor, clock, goToLogin } = sentActor();
    clock.increment(PARENTAL_CONSENT_REDIRECT_MS);
    expect(actor.getSnapshot().value).toBe('redirecting');
    expect(goToLogin).toHaveBeenCalledTimes(1);
  });

  it('Edit email returns to the form and cancels both timers', () => {
    const { actor, clock, goToLogin } = sentActor();
    actor.send({ type: 'EDIT_EMAIL' });
    expect(actor.getSnapshot().value).toBe('form');
    clock.increment(PARENTAL_CONSENT_REDIRECT_MS * 2);
    expect(actor.getSnapshot().value).toBe('form');
    expect(goToLogin).not.toHaveBeenCalled();
  });

  it('shows the server error back on the form', () => {
    const actor = createActor(parentalConsentMachine).start();
    actor.send({ type: 'EMAIL_CHANGED', email: 'kid@example.com' });
    actor.send({ type: 'SUBMIT' });
    actor.send({ type: 'FAILED', message: 'There was an error sending the email. Please try again.' });
    expect(actor.getSnapshot().value).toBe('form');
    expect(actor.getSnapshot().context.error).toBe('There was an error sending the email. Please try again.');
  });
});
