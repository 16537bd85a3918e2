import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import type { z } from 'zod';
import { RobotCheck, type RobotCheckHandle } from '~/components/auth/RobotCheck';
import { FormPostSubmit, useServerDecidedForm } from '~/components/auth/FormPost';
import { CheckboxField, Field, FormErrors } from '~/components/ui/Field';
import { showToast } from '~/components/ui/Toaster';
import { LoginSchema, MESSAGES } from '~/lib/account-fields';
import { loginMachine } from '~/machines/login.machine';
import { loginWithPassword } from '~/services/accounts/accounts.server';
import { verifyRobotCheck } from '~/services/adapters/captcha.server';
import { getOptionalUser } from '~/services/accounts/auth.server';
import { clearFlow, readFlow, writeFlow } from '~/services/platform/flow-state.server';
import { afterLoginPath, safeRedirectTarget } from '~/services/accounts/login-redirect.server';
import { clientAddress, loginAllowed, recordLoginFailure, recordLoginSuccess } from '~/services/platform/rate-limit.server';
import { createSession } from '~/services/accounts/session.server';
import { redirectWithToast } from '~/services/platform/toast.server';

export const meta: MetaFunction = () => [{ title: 'Login · Paceline' }];

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';
export const LOGIN_FAILED_MESSAGE = 'Invalid email or password.';
export const TOO_MANY_ATTEMPTS_MESSAGE = 'Too many attempts. Please try again later.';

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
      redirectTo: url.searchParams.get('redirect') ?? '',
      referer: url.searchParams.get('referer') ?? '',
      pendingVerification: Boolean(await readFlow(request, 'verify')),
    },
    { headers },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: LoginSchema });
  const fail = (message: string, status = 400) =>
    data({ result: submission.reply({ formErrors: [message], hideFields: ['email', 'password'] }) }, { status });
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password'] }) }, { status: 400 });
  }
  if (!(await verifyRobotCheck(formData.get('altcha')))) return fail(MESSAGES.robotCheck);
  const { email, password, remember, redirectTo } = submission.value;
  const attempt = { account: email, address: clientAddress(request) };
  if (!(await loginAllowed(attempt))) return fail(TOO_MANY_ATTEMPTS_MESSAGE, 429);

  const result = await loginWithPassword(email, password);
  if (result.outcome === 'failed') await recordLoginFailure(attempt);
  else await recordLoginSuccess(attempt);
  switch (result.outcome) {
    case 'failed':
      return fail(LOGIN_FAILED_MESSAGE);
    case 'resetPassword':
      return redirect(`/auth/forgot-password2?${new URLSearchParams({ code: result.linkToken })}`);
    case 'parentalConsent': {
      const cookie = await writeFlow('consent', { childUserId: result.childUserId, userAge: result.userAge, childEmail: email });
      const query = new URLSearchParams({ childUserId: result.childUserId, userAge: String(result.userAge) });
      return redirect(`/parental-consent?${query}`, { headers: { 'Set-Cookie': cookie } });
    }
    case 'verifyEmail': {
      const cookie = await writeFlow('verify', { key: result.key, email: result.email });
      return redirectWithToast('/auth/verification', { kind: 'info', message: 'Please verify your e-mail: we have sent you a new code.' }, { headers: { 'Set-Cookie': cookie } });
    }
    case 'signedIn': {
      const session = await createSession(result.userId, { persistent: remember === 'on' });
      const referer = new URL(request.url).searchParams.get('referer');
      const headers = new Headers();
      for (const cookie of session.headers) headers.append('Set-Cookie', cookie);
      headers.append('Set-Cookie', await clearFlow('redirect'));
      return redirect(afterLoginPath(await readFlow(request, 'redirect'), redirectTo, referer), { headers });
    }
  }
}

export default function LoginPage() {
  const { sessionExpired, redirectTo, pendingVerification } = useLoaderData<typeof loader>();
  const robotCheck = useRef<RobotCheckHandle>(null);
  const { state, send, form, fields } = useServerDecidedForm(
    loginMachine.provide({
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
    }),
    LoginSchema,
    { remember: 'on', redirectTo },
  );
  useEffect(() => {
    if (!sessionExpired) return;
    // The root's Toaster subscribes in its own effect, which runs after this page's: wait a tick.
    const timer = window.setTimeout(() => showToast({ kind: 'warning', message: SESSION_EXPIRED_MESSAGE }), 0);
    return () => window.clearTimeout(timer);
  }, [sessionExpired]);

  return (
    <section className="auth-card">
      <h1>Login</h1>
      <Form method="post" {...getFormProps(form)} className="auth-form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field label="Email" field={fields.email} type="email" inputProps={{ autoComplete: 'email' }} />
        <Field label="Password" field={fields.password} type="password" inputProps={{ autoComplete: 'current-password' }} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <RobotCheck ref={robotCheck} onVerified={() => send({ type: 'ROBOT_CHECK_DONE' })} onExpired={() => send({ type: 'ROBOT_CHECK_EXPIRED' })} />
        <CheckboxField label="Stay signed in" field={fields.remember} />
        <FormPostSubmit state={state} label="Submit" />
      </Form>
      <p className="auth-links">
        <Link to="/auth/forgot-password">Forgot password?</Link>
        <Link to="/auth/register">Create account</Link>
        {pendingVerification ? <Link to="/auth/verification">Verify your account</Link> : null}
      </p>
    </section>
  );
}
