import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, Link, useLoaderData } from '@remix-run/react';
import { FormPostSubmit, useServerDecidedForm } from '~/components/auth/FormPost';
import { Field, FormErrors } from '~/components/ui/Field';
import { ForgotPasswordSchema } from '~/lib/account-fields';
import { forgotButtonLabel, forgotPasswordMachine } from '~/machines/forgot-password.machine';
import { afterResponse } from '~/services/platform/after-response.server';
import { enqueueJob, startQueuedJobs } from '~/services/platform/jobs.server';
import { passwordResetJob } from '~/services/accounts/account-jobs.server';
import { readFlow, writeFlow } from '~/services/platform/flow-state.server';
import { clientAddress, consumeRateLimit } from '~/services/platform/rate-limit.server';
import { RECOVERY_MESSAGES } from '~/services/accounts/recovery.server';
import { redirectWithToast } from '~/services/platform/toast.server';

export const meta: MetaFunction = () => [{ title: 'Forgot password · Paceline' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const requested = await readFlow(request, 'reset');
  return { requestedEmail: requested?.email ?? null };
}

export async function action({ request }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema: ForgotPasswordSchema });
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 });
  const { email } = submission.value;
  const failed = () => data({ result: submission.reply({ formErrors: [RECOVERY_MESSAGES.resetFailed] }) }, { status: 400 });
  if (!(await consumeRateLimit('forgot-password', { account: email, address: clientAddress(request) }))) return failed();
  // Queued now (the same statement for every e-mail), looked up, issued and mailed once the
  // answer, the same for every e-mail, has gone (decisions 064, 134).
  await enqueueJob(passwordResetJob, { email }, { deferStart: true });
  await afterResponse(request, () => startQueuedJobs(passwordResetJob));
  return redirectWithToast('/', { kind: 'success', message: RECOVERY_MESSAGES.resetSent }, { headers: { 'Set-Cookie': await writeFlow('reset', { email }) } });
}

export default function ForgotPasswordPage() {
  const { requestedEmail } = useLoaderData<typeof loader>();
  const { state, form, fields, answered } = useServerDecidedForm(forgotPasswordMachine, ForgotPasswordSchema, { email: requestedEmail ?? '' });
  return (
    <section className="auth-card">
      <h1>Forgot password</h1>
      <p>Enter the e-mail of your account and we will send you a link to choose a new password.</p>
      <Form method="post" {...getFormProps(form)} className="auth-form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field label="Email" field={fields.email} type="email" inputProps={{ autoComplete: 'email' }} />
        <FormPostSubmit state={state} label={forgotButtonLabel(Boolean(requestedEmail) || answered)} />
      </Form>
      <p className="auth-links">
        <Link to="/auth/login">Back to login</Link>
      </p>
    </section>
  );
}
