import { getFormProps, useForm, type SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { Form } from '@remix-run/react';
import { Field } from '~/components/ui/Field';
import { ChangePasswordSchema } from '~/lib/account-fields';
import { Button } from '~/components/ui/Button';
import { formatBtc, formatUnits } from '~/lib/money';
import { LogoutForm } from '~/components/auth/LogoutForm';

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
      <Button type="submit">Change Password</Button>
    </Form>
  );
}

/** The same shape as the deletion service's DeletionPanel (the browser does not import services). */
interface DeletionPanelData {
  balances: Array<{ currency: 'BTC' | 'COIN' | 'GEM'; amount: string }>;
  blockedBecause: string | null;
  waitingForParent: boolean;
}

const BALANCE_LABEL = {
  BTC: (amount: bigint) => `${formatBtc(amount)} BTC`,
  COIN: (amount: bigint) => `${formatUnits(amount)} coins`,
  GEM: (amount: bigint) => `${formatUnits(amount)} gems`,
} as const;

export function DeleteAccountPanel({ isKid, panel, error }: { isKid: boolean; panel: DeletionPanelData; error?: string }) {
  return (
    <Form method="post" className="profile-delete">
      <input type="hidden" name="intent" value="delete" />
      {panel.waitingForParent ? (
        <p className="profile-delete-waiting" role="status">
          Your request to delete this account is waiting for your parent or guardian. We have sent them a link; the account is deleted only when they confirm
          it. You stay signed in until then.
        </p>
      ) : null}
      {isKid ? (
        <p>
          Deleting this account removes all of its rides and data. Because this is a child account, we will send the confirmation e-mail to your parent or
          guardian; the account is deleted when they open the link.
        </p>
      ) : (
        <p>
          Deleting your account removes all of your rides and data. We will send you a confirmation e-mail; your account is deleted when you open the link in
          it.
        </p>
      )}
      {panel.balances.length > 0 ? (
        <div className="profile-delete-balances">
          <p>This account still holds:</p>
          <ul>
            {panel.balances.map((balance) => (
              <li key={balance.currency}>{BALANCE_LABEL[balance.currency](BigInt(balance.amount))}</li>
            ))}
          </ul>
          <p>
            Deleting the account gives this up for good: it is not paid out or refunded. To keep your BTC, withdraw it from the wallet before you delete the
            account.
          </p>
          <label className="checkbox">
            <input type="checkbox" name="giveUpBalances" required /> I understand that I give up this balance.
          </label>
        </div>
      ) : null}
      {panel.blockedBecause ? (
        <p className="form-errors" role="alert">
          {panel.blockedBecause}
        </p>
      ) : null}
      {error ? (
        <p className="form-errors" role="alert">
          {error}
        </p>
      ) : null}
      <Button type="submit" disabled={panel.blockedBecause !== null} variant="danger">
        Delete Account
      </Button>
    </Form>
  );
}

/** Signing back in opens the profile, not this tab again. */
export function LogoutPanel() {
  return <LogoutForm label="Logout" from="/user/profile" />;
}
