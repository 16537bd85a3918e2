import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { redirect } from '@remix-run/node';
import { Form } from '@remix-run/react';
import { useRef } from 'react';
import { AccountFields } from '~/components/auth/AccountFields';
import { RobotCheck, type RobotCheckHandle } from '~/components/auth/RobotCheck';
import { FormPostSubmit, keepPageWhileLeaving, useSignInForm } from '~/components/auth/FormPost';
import { ButtonLink } from '~/components/ui/Button';
import { FormErrors } from '~/components/ui/Field';
import { MESSAGES, RegisterSchema } from '~/lib/account-fields';
import { DEFAULT_COUNTRY_ID } from '~/lib/constants';
import { registerMachine } from '~/machines/register.machine';
import { planRegistration } from '~/services/accounts/registration.server';
import { ROBOT_CHECK_FIELD, verifyRobotCheck } from '~/services/adapters/captcha.server';
import { getOptionalUser } from '~/services/accounts/auth.server';
import { afterResponse } from '~/services/platform/after-response.server';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '~/services/accounts/password.server';
import { clientAddress, consumeRateLimit } from '~/services/platform/rate-limit.server';
import { signInAnswers } from '~/services/accounts/sign-in.server';
import { SIGN_IN_MESSAGES } from '~/lib/account-messages';
import { REGISTER_OUTCOMES } from '~/lib/sign-in';

export const meta: MetaFunction = () => [{ title: 'Create account · Paceline' }];

// The message's one home is app/lib/account-messages.ts; the action tests read it here.
export const REGISTERED_MESSAGE = SIGN_IN_MESSAGES.registered;

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getOptionalUser(request)) throw redirect('/user/profile');
  return null;
}

const answers = signInAnswers(REGISTER_OUTCOMES);

/** Validates, checks the password list, the robot check and the limit; the outcome's answer is sign-in.server.ts's. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: RegisterSchema });
  const hideFields = ['password', 'password_confirmation'];
  if (submission.status !== 'success') return answers.refuse({ kind: 'invalidFields' }, submission.reply({ hideFields }));
  if (isCommonPassword(submission.value.password)) {
    return answers.refuse({ kind: 'invalidFields' }, submission.reply({ fieldErrors: { password: [COMMON_PASSWORD_MESSAGE] }, hideFields }));
  }
  const refuse = (outcome: Parameters<typeof answers.refuse>[0], message: string, status = 400) =>
    answers.refuse(outcome, submission.reply({ formErrors: [message], hideFields }), status);
  if (!(await verifyRobotCheck(form.get(ROBOT_CHECK_FIELD)))) return refuse({ kind: 'robotCheckFailed' }, MESSAGES.robotCheck);
  if (!(await consumeRateLimit('register', { account: submission.value.email, address: clientAddress(request) }))) {
    // A fixed window: no wait to count down, a fresh robot check for the next try.
    return refuse({ kind: 'tooManyAttempts', retryAfterSeconds: 0 }, SIGN_IN_MESSAGES.tooManyAttempts, 429);
  }
  // The answer is decided before anything is looked up; creating the account and the mail are a
  // job queued with it and started after it (decisions 064, 134).
  const { result, start } = await planRegistration(submission.value);
  await afterResponse(request, start);
  return answers.leave(request, form, result);
}

export const shouldRevalidate = keepPageWhileLeaving;

export default function RegisterPage() {
  const robotCheck = useRef<RobotCheckHandle>(null);
  const { state, send, form, fields, outcomeField } = useSignInForm(registerMachine, RegisterSchema, {
    defaultValue: { country: String(DEFAULT_COUNTRY_ID) },
    actions: { resetRobotCheck: () => robotCheck.current?.reset() },
  });
  return (
    <section className="auth-card auth-card-wide">
      <h1>Create your account</h1>
      <p className="auth-note">Riders under 18 need a parent&apos;s or guardian&apos;s consent; the minimum age is 6.</p>
      <Form method="post" {...getFormProps(form)} className="auth-form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <AccountFields fields={fields} mode="register" />
        {outcomeField}
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
