import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { z } from 'zod';
import { FormPostSubmit, useServerDecidedForm } from '~/components/auth/FormPost';
import { Field } from '~/components/ui/Field';
import { otpVerifyMachine } from '~/machines/otp-verify.machine';
import { SIGN_IN_MESSAGES, VERIFY_MESSAGES } from '~/lib/account-messages';
import { verifyEmailByCode } from '~/services/accounts/accounts.server';
import { readFlow } from '~/services/platform/flow-state.server';
import { clientAddress, consumeRateLimit } from '~/services/platform/rate-limit.server';
import { backToLogin } from '~/services/accounts/sign-in.server';

export const meta: MetaFunction = () => [{ title: 'Verify account · Paceline' }];

export const OtpSchema = z.object({
  otp: z
    .string({ required_error: 'The code is required.' })
    .trim()
    .regex(/^\d{6}$/, VERIFY_MESSAGES.invalidCode),
});

export async function loader({ request }: LoaderFunctionArgs) {
  const pending = await readFlow(request, 'verify');
  return { email: pending?.email ?? null };
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: OtpSchema });
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  const pending = await readFlow(request, 'verify');
  const reject = (message: string, status = 400) => data({ result: submission.reply({ fieldErrors: { otp: [message] } }) }, { status });
  if (!pending) return reject(VERIFY_MESSAGES.invalidCode);
  if (!(await consumeRateLimit('code-check', { account: pending.email, address: clientAddress(request) }))) {
    return reject(SIGN_IN_MESSAGES.tooManyAttempts, 429);
  }
  const outcome = await verifyEmailByCode(pending.key, submission.value.otp);
  if (!outcome.ok) return reject(outcome.message);
  // OTP success clears the stored key and e-mail and goes to login (spec 1 §4).
  return backToLogin(outcome.message, 'verify');
}

export default function VerificationPage() {
  const { email } = useLoaderData<typeof loader>();
  const { state, form, fields } = useServerDecidedForm(otpVerifyMachine, OtpSchema);
  return (
    <section className="auth-card">
      <h1>Verify your account</h1>
      <p>{email ? `Enter the 6-digit code we sent to ${email}.` : 'Enter the 6-digit code from your verification e-mail.'}</p>
      <Form method="post" {...getFormProps(form)} className="auth-form">
        <Field label="Code" field={fields.otp} type="text" inputProps={{ inputMode: 'numeric', autoComplete: 'one-time-code', maxLength: 6 }} />
        <FormPostSubmit state={state} label="Verify" />
      </Form>
      <p className="auth-links">
        <Link to="/auth/login">Back to login</Link>
        <Link to="/auth/register">Create account</Link>
      </p>
    </section>
  );
}
