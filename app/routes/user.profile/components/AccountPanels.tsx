import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form } from '@remix-run/react';
import { Field } from '~/components/ui/Field';
import { ChangePasswordSchema } from '~/lib/account-fields';
import { buttonClass } from '~/components/ui/Button';

export function ChangePasswordForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const [form, fields] = useForm({
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ChangePasswordSchema }),
    shouldValidate: 'onBlur',
  });
  return (
    <Form method="post" {...getFormProps(form)} className="auth-form">
      <input type="hidden" name="intent" value="password" />
      <p className="auth-note">Changing your password signs you out everywhere, including this browser.</p>
      <Field label="Current Password" field={fields.currentPassword} type="password" inputProps={{ autoComplete: 'current-password' }} />
      <Field label="New Password" field={fields.password} type="password" inputProps={{ autoComplete: 'new-password' }} />
      <Field label="Confirm Password" field={fields.repeatPassword} type="password" inputProps={{ autoComplete: 'new-password' }} />
      <button type="submit" className={buttonClass('primary')}>
        Change Password
      </button>
    </Form>
  );
}

export function DeleteAccountPanel({ isKid }: { isKid: boolean }) {
  return (
    <Form method="post" className="profile-delete">
      <input type="hidden" name="intent" value="delete" />
      {isKid ? (
        <p>
          Deleting this account removes all of its rides and data. Because this is a child account, we will send the confirmation e-mail to your
          parent or guardian; the account is deleted when they open the link.
        </p>
      ) : (
        <p>
          Deleting your account removes all of your rides and data. We will send you a confirmation e-mail; your account is deleted when you open
          the link in it.
        </p>
      )}
      <button type="submit" className={buttonClass('danger')}>
        Delete Account
      </button>
    </Form>
  );
}

export function LogoutPanel() {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="logout" />
      <button type="submit" className={buttonClass('primary')}>
        Logout
      </button>
    </Form>
  );
}
