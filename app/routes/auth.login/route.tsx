import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { FormPostSubmit, keepPageWhileLeaving, useSignInForm } from '~/components/auth/FormPost';
import { RobotCheck, type RobotCheckHandle } from '~/components/auth/RobotCheck';
import { useEmbeddedMode } from '~/components/shell/embedded-mode';
import { CheckboxField, Field, FormErrors } from '~/components/ui/Field';
import { showToast } from '~/components/ui/Toaster';
import { useCountdown } from '~/components/ui/use-countdown';
import { isSessionEndReason, SESSION_END_MESSAGES, SIGN_IN_MESSAGES } from '~/lib/account-messages';
import { LoginSchema, MESSAGES } from '~/lib/account-fields';
import { EMBEDDED_DISPLAY_PARAM, EMBEDDED_DISPLAY_VALUE } from '~/lib/constants';
import { LOGIN_OUTCOMES } from '~/lib/sign-in';
import { loginMachine } from '~/machines/login.machine';
import { loginWithPassword } from '~/services/accounts/accounts.server';
import { getOptionalUser } from '~/services/accounts/auth.server';
import { safeRedirectTarget } from '~/services/accounts/login-redirect.server';
import { signInAnswers } from '~/services/accounts/sign-in.server';
import { ROBOT_CHECK_FIELD, verifyRobotCheck } from '~/services/adapters/captcha.server';
import { readFlow, writeFlow } from '~/services/platform/flow-state.server';
import { clientAddress, loginWaitSeconds, recordLoginFailure, recordLoginSuccess } from '~/services/platform/rate-limit.server';

export const meta: MetaFunction = () => [{ title: 'Login · Paceline' }];

// The messages' one home is app/lib/account-messages.ts; the action tests read them here.
export const SESSION_EXPIRED_MESSAGE = SESSION_END_MESSAGES.session_expired;
export const LOGIN_FAILED_MESSAGE = SIGN_IN_MESSAGES.wrongCredentials;
export const TOO_MANY_ATTEMPTS_MESSAGE = SIGN_IN_MESSAGES.tooManyAttempts;

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const signedIn = Boolean(await getOptionalUser(request));
  // Spec 1 §4 "action=logout": a GET never changes state, so it leads to the logout confirmation (a POST).
  if (url.searchParams.get('action') === 'logout' && signedIn) throw redirect('/auth/logout');
  if (signedIn) throw redirect('/user/profile');
  const headers = new Headers();
  const redirectTo = safeRedirectTarget(url.searchParams.get('redirect_to'));
  if (redirectTo) headers.append('Set-Cookie', await writeFlow('redirect', redirectTo));
  const reason = url.searchParams.get('reason');
  return data(
    {
      sessionExpired: reason === 'session_expired' || reason === 'token_expired',
      sessionEndMessage: isSessionEndReason(reason) ? SESSION_END_MESSAGES[reason] : null,
      redirectTo: url.searchParams.get('redirect') ?? '',
      pendingVerification: Boolean(await readFlow(request, 'verify')),
    },
    { headers },
  );
}

const answers = signInAnswers(LOGIN_OUTCOMES);

/** Validates, checks the robot check and the backoff, asks the service; the outcome's answer is sign-in.server.ts's. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: LoginSchema });
  // A refusal empties both fields (spec 1 §4 "otherwise everything is cleared").
  const refuse = (outcome: Parameters<typeof answers.refuse>[0], message: string, status = 400) =>
    answers.refuse(outcome, submission.reply({ formErrors: [message], hideFields: ['email', 'password'] }), status);
  if (submission.status !== 'success') return answers.refuse({ kind: 'invalidFields' }, submission.reply({ hideFields: ['password'] }));
  if (!(await verifyRobotCheck(form.get(ROBOT_CHECK_FIELD)))) return refuse({ kind: 'robotCheckFailed' }, MESSAGES.robotCheck);
  const { email, password, remember } = submission.value;
  const attempt = { account: email, address: clientAddress(request) };
  const retryAfterSeconds = await loginWaitSeconds(attempt);
  if (retryAfterSeconds > 0) return refuse({ kind: 'tooManyAttempts', retryAfterSeconds }, SIGN_IN_MESSAGES.tooManyAttempts, 429);

  const result = await loginWithPassword(email, password);
  if (result.outcome === 'wrongCredentials') {
    await recordLoginFailure(attempt);
    return refuse({ kind: 'wrongCredentials' }, SIGN_IN_MESSAGES.wrongCredentials);
  }
  await recordLoginSuccess(attempt);
  return answers.leave(request, form, result.outcome === 'signedIn' ? { ...result, remember: remember === 'on' } : result);
}

export const shouldRevalidate = keepPageWhileLeaving;

export default function LoginPage() {
  const { sessionEndMessage, redirectTo, pendingVerification } = useLoaderData<typeof loader>();
  const robotCheck = useRef<RobotCheckHandle>(null);
  const embedded = useEmbeddedMode();
  const { state, send, form, fields, outcomeField } = useSignInForm(loginMachine, LoginSchema, {
    defaultValue: { remember: 'on', redirectTo },
    actions: {
      resetRobotCheck: () => robotCheck.current?.reset(),
      clearForm: () => {
        // The server's reply already drops the values; this also empties what the rider typed since.
        for (const name of ['email', 'password']) {
          const input = document.getElementById(form.id)?.querySelector<HTMLInputElement>(`[name="${name}"]`);
          if (input) input.value = '';
        }
      },
    },
  });
  const waiting = state.matches('tooManyAttempts');
  const secondsLeft = useCountdown(waiting, state.context.retryAfterSeconds);
  useEffect(() => {
    if (!sessionEndMessage) return;
    // The root's Toaster subscribes in its own effect, which runs after this page's: wait a tick.
    const timer = window.setTimeout(() => showToast({ kind: 'warning', message: sessionEndMessage }), 0);
    return () => window.clearTimeout(timer);
  }, [sessionEndMessage]);

  return (
    <section className="auth-card">
      <h1>Login</h1>
      <Form method="post" {...getFormProps(form)} className="auth-form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field label="Email" field={fields.email} type="email" inputProps={{ autoComplete: 'email' }} />
        <Field label="Password" field={fields.password} type="password" inputProps={{ autoComplete: 'current-password' }} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {embedded ? <input type="hidden" name={EMBEDDED_DISPLAY_PARAM} value={EMBEDDED_DISPLAY_VALUE} /> : null}
        {outcomeField}
        {/* While the server's wait runs the check is taken away; it comes back fresh when the wait is over. */}
        {waiting ? null : (
          <RobotCheck ref={robotCheck} onVerified={() => send({ type: 'ROBOT_CHECK_DONE' })} onExpired={() => send({ type: 'ROBOT_CHECK_EXPIRED' })} />
        )}
        <CheckboxField label="Stay signed in" field={fields.remember} />
        <FormPostSubmit state={state} label="Submit" status={waiting ? `You can try again in ${secondsLeft} s.` : undefined} />
      </Form>
      <p className="auth-links">
        <Link to="/auth/forgot-password">Forgot password?</Link>
        <Link to="/auth/register">Create account</Link>
        {pendingVerification ? <Link to="/auth/verification">Verify your account</Link> : null}
      </p>
    </section>
  );
}
