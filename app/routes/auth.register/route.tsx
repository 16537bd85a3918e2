import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data, redirect } from '@remix-run/node';
import { Form, Link } from '@remix-run/react';
import { useRef } from 'react';
import type { z } from 'zod';
import { AccountFields } from '~/components/auth/AccountFields';
import { RobotCheck, type RobotCheckHandle } from '~/components/auth/RobotCheck';
import { FormPostSubmit, useServerDecidedForm } from '~/components/auth/FormPost';
import { ButtonLink } from '~/components/ui/Button';
import { FormErrors } from '~/components/ui/Field';
import { MESSAGES, RegisterSchema } from '~/lib/account-fields';
import { DEFAULT_COUNTRY_ID } from '~/lib/constants';
import { registerMachine } from '~/machines/register.machine';
import { planRegistration } from '~/services/accounts/accounts.server';
import { verifyRobotCheck } from '~/services/adapters/captcha.server';
import { getOptionalUser } from '~/services/accounts/auth.server';
import { afterResponse } from '~/services/platform/after-response.server';
import { writeFlow } from '~/services/platform/flow-state.server';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '~/services/accounts/password.server';
import { clientAddress, consumeRateLimit } from '~/services/platform/rate-limit.server';
import { redirectWithToast } from '~/services/platform/toast.server';

export const meta: MetaFunction = () => [{ title: 'Create account · Paceline' }];

export const REGISTERED_MESSAGE = 'Thank you for registering. We have sent a verification code to your e-mail.';

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getOptionalUser(request)) throw redirect('/user/profile');
  return null;
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: RegisterSchema });
  if (submission.status !== 'success') {
    return data({ result: submission.reply({ hideFields: ['password', 'password_confirmation'] }) }, { status: 400 });
  }
  const fail = (message: string, status = 400) =>
    data({ result: submission.reply({ formErrors: [message], hideFields: ['password', 'password_confirmation'] }) }, { status });
  if (isCommonPassword(submission.value.password)) {
    return data({ result: submission.reply({ fieldErrors: { password: [COMMON_PASSWORD_MESSAGE] }, hideFields: ['password', 'password_confirmation'] }) }, { status: 400 });
  }
  if (!(await verifyRobotCheck(formData.get('altcha')))) return fail(MESSAGES.robotCheck);
  if (!(await consumeRateLimit('register', { account: submission.value.email, address: clientAddress(request) }))) {
    return fail('Too many attempts. Please try again later.', 429);
  }
  const { result, complete } = await planRegistration(submission.value);
  await afterResponse(request, complete);
  if (result.outcome === 'parentalConsent') {
    const cookie = await writeFlow('consent', { childUserId: result.childUserId, userAge: result.userAge, childEmail: submission.value.email });
    const query = new URLSearchParams({ childUserId: result.childUserId, userAge: String(result.userAge) });
    return redirect(`/parental-consent?${query}`, { headers: { 'Set-Cookie': cookie } });
  }
  const cookie = await writeFlow('verify', { key: result.key, email: result.email });
  return redirectWithToast('/auth/login', { kind: 'success', message: REGISTERED_MESSAGE }, { headers: { 'Set-Cookie': cookie } });
}

export default function RegisterPage() {
  const robotCheck = useRef<RobotCheckHandle>(null);
  const { state, send, form, fields } = useServerDecidedForm(
    registerMachine.provide({ actions: { resetRobotCheck: () => robotCheck.current?.reset() } }),
    RegisterSchema,
    { country: String(DEFAULT_COUNTRY_ID) },
  );
  return (
    <section className="auth-card auth-card-wide">
      <h1>Create your account</h1>
      <p className="auth-note">Riders under 18 need a parent&apos;s or guardian&apos;s consent; the minimum age is 6.</p>
      <Form method="post" {...getFormProps(form)} className="auth-form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <AccountFields fields={fields} mode="register" />
        <RobotCheck ref={robotCheck} onVerified={() => send({ type: 'ROBOT_CHECK_DONE' })} onExpired={() => send({ type: 'ROBOT_CHECK_EXPIRED' })} />
        <div className="form-actions">
          <FormPostSubmit state={state} label="Submit" />
          <ButtonLink to="/auth/login" variant="secondary">
            Cancel
          </ButtonLink>
        </div>
      </Form>
    </section>
  );
}
