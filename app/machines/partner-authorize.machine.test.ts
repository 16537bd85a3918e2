import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { partnerAuthorizeMachine, type PartnerDecision } from './partner-authorize.machine';

function start(decide: (decision: PartnerDecision) => Promise<{ redirect: string | null }>, followed: string[] = []) {
  const machine = partnerAuthorizeMachine.provide({
    actors: { decide: fromPromise(({ input }: { input: { decision: PartnerDecision } }) => decide(input.decision)) },
    actions: { followRedirect: ({ context }) => followed.push(context.redirect ?? '') },
  });
  return createActor(machine).start();
}

describe('partnerAuthorize machine', () => {
  it('shows what the server decided: login, client error, consent', () => {
    const outcomes = [
      [{ clientKnown: false, failed: false }, 'clientError'],
      [{ clientKnown: true, failed: false }, 'consent'],
      [{ clientKnown: true, failed: true }, 'failed'],
    ] as const;
    for (const [loaded, state] of outcomes) {
      const actor = start(async () => ({ redirect: null }));
      actor.send({ type: 'LOADED', ...loaded });
      expect(actor.getSnapshot().value).toBe(state);
    }
  });

  it('Authorize and Cancel post the decision and follow the redirect they return', async () => {
    const followed: string[] = [];
    const decisions: PartnerDecision[] = [];
    const decide = async (decision: PartnerDecision) => {
      decisions.push(decision);
      return { redirect: `https://partner.example/cb?${decision === 'authorize' ? 'code=1' : 'error=access_denied'}` };
    };
    const authorize = start(decide, followed);
    authorize.send({ type: 'LOADED', clientKnown: true, failed: false });
    authorize.send({ type: 'AUTHORIZE' });
    await waitFor(authorize, (snapshot) => snapshot.matches('redirecting'));
    const cancel = start(decide, followed);
    cancel.send({ type: 'LOADED', clientKnown: true, failed: false });
    cancel.send({ type: 'CANCEL' });
    await waitFor(cancel, (snapshot) => snapshot.matches('redirecting'));
    expect(decisions).toEqual(['authorize', 'cancel']);
    expect(followed).toEqual(['https://partner.example/cb?code=1', 'https://partner.example/cb?error=access_denied']);
  });

  it('a failed decision shows the error and allows another try', async () => {
    let calls = 0;
    const actor = start(async () => {
      calls++;
      if (calls === 1) throw new Error('offline');
      return { redirect: 'https://partner.example/cb?code=2' };
    });
    actor.send({ type: 'LOADED', clientKnown: true, failed: false });
    actor.send({ type: 'AUTHORIZE' });
    await waitFor(actor, (snapshot) => snapshot.matches('failed'));
    actor.send({ type: 'AUTHORIZE' });
    await waitFor(actor, (snapshot) => snapshot.matches('redirecting'));
  });
});
