import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigate } from '@remix-run/react';
import { useFlowMachine } from '~/components/flows/use-flow-machine';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';
import { useSubmissionBridge } from '~/components/auth/use-submission-bridge';
import { FormErrors } from '~/components/ui/Field';
import { ADULT_AGE_YEARS, PARENTAL_CONSENT_RESEND_WAIT_S } from '~/lib/constants';
import { parentalConsentMachine } from '~/machines/parental-consent.machine';
import { CONSENT_MESSAGES } from '~/lib/account-messages';
import { normalizeEmail } from '~/services/accounts/accounts.server';
import { parentalConsentJob } from '~/services/accounts/account-jobs.server';
import { enqueueJob, startQueuedJobs } from '~/services/platform/jobs.server';
import { afterResponse } from '~/services/platform/after-response.server';
import { readFlow } from '~/services/platform/flow-state.server';
import { clientAddress, consumeRateLimit } from '~/services/platform/rate-limit.server';
import { useCountdown } from '~/components/ui/use-countdown';
import { Button } from '~/components/ui/Button';

export const meta: MetaFunction = () => [{ title: 'Parental consent · Paceline' }];

const ConsentRequest = z.object({
  intent: z.enum(['submit', 'resend']),
  parentEmail: z.string().trim().email(),
});

/** Only the browser that registered (or signed in as) the child may name its parent. */
async function consentChild(request: Request) {
  const childUserId = new URL(request.url).searchParams.get('childUserId');
  const stored = await readFlow(request, 'consent');
  if (!childUserId || !stored || stored.childUserId !== childUserId) return null;
  return stored;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const child = await consentChild(request);
  if (!child) throw redirect('/auth/register');
  return { userAge: child.userAge };
}

/**
 * The answer depends only on what this browser sent (issue 25 item 2, decision 121): the
 * address the child typed as their own is refused, every other one is "sent" at once, and
 * whether it has an account (and what kind) is looked up after the response.
 */
export async function action({ request }: ActionFunctionArgs) {
  const child = await consentChild(request);
  if (!child) throw redirect('/auth/register');
  const parsed = ConsentRequest.safeParse(Object.fromEntries(await request.formData()));
  const failure = parsed.success && parsed.data.intent === 'resend' ? CONSENT_MESSAGES.resendFailed : CONSENT_MESSAGES.sendFailed;
  if (!parsed.success) return data({ sent: false, message: failure }, { status: 400 });
  if (child.childEmail && normalizeEmail(parsed.data.parentEmail) === normalizeEmail(child.childEmail)) {
    return data({ sent: false, message: CONSENT_MESSAGES.notParent }, { status: 400 });
  }
  if (!(await consumeRateLimit('code-send', { account: child.childUserId, address: clientAddress(request) }))) {
    return data({ sent: false, message: failure }, { status: 429 });
  }
  // Queued now (the same statement for every address), started once the answer has gone (decision 134).
  await enqueueJob(parentalConsentJob, { childUserId: child.childUserId, parentEmail: parsed.data.parentEmail }, { deferStart: true });
  await afterResponse(request, () => startQueuedJobs(parentalConsentJob));
  return { sent: true, message: '' };
}

export default function ParentalConsentPage() {
  const { userAge } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigate = useNavigate();
  const [state, send] = useFlowMachine(parentalConsentMachine.provide({ actions: { goToLogin: () => navigate('/auth/login') } }));
  const emailInput = useRef<HTMLInputElement>(null);
  // Before hydration (or without JavaScript) the server's answer decides the view and Submit stays usable.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useSubmissionBridge(
    actionData,
    () => (state.matches('emailSent') ? send({ type: 'RESEND' }) : send({ type: 'SUBMIT' })),
    (result) => (result.sent ? send({ type: 'SENT' }) : send({ type: 'FAILED', message: result.message })),
  );
  const resendLocked = state.matches({ emailSent: 'resendLocked' });
  const secondsLeft = useCountdown(resendLocked, PARENTAL_CONSENT_RESEND_WAIT_S);
  useEffect(() => {
    if (state.matches('form')) emailInput.current?.focus();
  }, [state]);
  const email = hydrated ? state.context.email : '';
  const error = hydrated ? state.context.error : actionData && !actionData.sent ? actionData.message : null;
  // While redirecting to login (the consent window is over) the page still says what was sent.
  const sent = hydrated ? state.matches('emailSent') || state.matches('resending') || state.matches('redirecting') : Boolean(actionData?.sent);

  return (
    <section className="auth-card consent-card">
      <h1>Parental consent</h1>
      <p className="auth-note">
        {userAge === null ? '' : `You are ${userAge}. `}A rider must be above {ADULT_AGE_YEARS} to create their own account, so we need your parent&apos;s or
        guardian&apos;s consent.
      </p>
      <FormErrors errors={error ? [error] : undefined} />
      {sent ? (
        <div className="consent-sent">
          <h2>Email sent</h2>
          <p>We have sent an approval link to {email}. Once your parent approves, you can log in.</p>
          <Form method="post" className="form-actions">
            <input type="hidden" name="intent" value="resend" />
            <input type="hidden" name="parentEmail" value={email} />
            <Button type="submit" disabled={resendLocked} pending={state.matches('resending')}>
              {resendLocked ? `Resend (${secondsLeft}s)` : 'Resend'}
            </Button>
            <Button onClick={() => send({ type: 'EDIT_EMAIL' })}>Edit email</Button>
          </Form>
        </div>
      ) : (
        <Form method="post" className="auth-form">
          <input type="hidden" name="intent" value="submit" />
          <div className="field">
            <label htmlFor="parentEmail">Parent&apos;s email</label>
            <input
              ref={emailInput}
              id="parentEmail"
              name="parentEmail"
              type="email"
              required
              defaultValue={email}
              onChange={(event) => send({ type: 'EMAIL_CHANGED', email: event.currentTarget.value })}
            />
          </div>
          <Button type="submit" disabled={hydrated && email.trim().length === 0} pending={state.matches('sending')}>
            Submit
          </Button>
        </Form>
      )}
    </section>
  );
}
