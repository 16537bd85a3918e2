import { getFormProps } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { data } from '@remix-run/node';
import { Form, useLoaderData } from '@remix-run/react';
import { FormPostSubmit, useServerDecidedForm } from '~/components/auth/FormPost';
import { Field, FormErrors } from '~/components/ui/Field';
import { NewPasswordSchema } from '~/lib/account-fields';
import { resetPasswordMachine } from '~/machines/reset-password.machine';
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from '~/services/accounts/password.server';
import { RECOVERY_MESSAGES, resetPasswordWithLink } from '~/services/accounts/recovery.server';
import { backToLogin } from '~/services/accounts/sign-in.server';
import { textOf } from '~/lib/form-text';

export const meta: MetaFunction = () => [{ title: 'Reset password · Paceline' }];

export function loader({ request }: LoaderFunctionArgs) {
  return { code: new URL(request.url).searchParams.get('code') ?? '' };
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: NewPasswordSchema });
  if (submission.status !== 'success') return data({ result: submission.reply({ hideFields: ['password', 'repeatPassword'] }) }, { status: 400 });
  if (isCommonPassword(submission.value.password)) {
    return data(
      { result: submission.reply({ fieldErrors: { password: [COMMON_PASSWORD_MESSAGE] }, hideFields: ['password', 'repeatPassword'] }) },
      { status: 400 },
    );
  }
  const code = textOf(formData.get('code'));
  if (!(await resetPasswordWithLink(code, submission.value.password))) {
    return data(
      { result: submission.reply({ formErrors: [RECOVERY_MESSAGES.invalidResetLink], hideFields: ['password', 'repeatPassword'] }) },
      { status: 400 },
    );
  }
  return backToLogin(RECOVERY_MESSAGES.resetDone, 'reset');
}

export default function ResetPasswordPage() {
  const { code } = useLoaderData<typeof loader>();
  const { state, form, fields } = useServerDecidedForm(resetPasswordMachine, NewPasswordSchema);
  return (
    <section className="auth-card">
      <h1>Reset password</h1>
      <Form method="post" {...getFormProps(form)} className="auth-form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="code" value={code} />
        <Field label="New Password" field={fields.password} type="password" inputProps={{ autoComplete: 'new-password' }} />
        <Field label="Confirm Password" field={fields.repeatPassword} type="password" inputProps={{ autoComplete: 'new-password' }} />
        <FormPostSubmit state={state} label="Submit" />
      </Form>
    </section>
  );
}
