import { getFormProps, getInputProps, useForm } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData } from '@remix-run/react';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import { useFlowMachine } from '~/components/flows/use-flow-machine';
import { Button } from '~/components/ui/Button';
import { CodeButton } from '~/components/ui/CodeButton';
import { Field, FieldError, FormErrors } from '~/components/ui/Field';
import { useSubmissionBridge } from '~/components/auth/use-submission-bridge';
import { DEFAULT_PHONE_COUNTRY, WALLET_SCREENSHOTS_MAX } from '~/lib/constants';
import { WALLET_MESSAGES as M } from '~/lib/wallet/messages';
import { verificationSchema, walletPhone, type VerificationInput } from '~/lib/wallet/verification-schema';
import { walletVerificationStatusMachine } from '~/machines/wallet-verification-status.machine';
import { redirectWithToast } from '~/services/platform/toast.server';
import { latestVerification } from '~/services/wallet/wallet.server';
import { submitWalletVerification } from '~/services/wallet/wallet-verification.server';
import { requireWalletAction, requireWalletPage } from '~/services/wallet/wallet-guard.server';

export const meta: MetaFunction = () => [{ title: 'Verify your wallet · Paceline' }];

const PHONE_COUNTRIES = getCountries()
  .map((code) => ({ code, dial: getCountryCallingCode(code) }))
  .sort((a, b) => a.code.localeCompare(b.code));
const FILE_FIELDS = ['passport_proof', 'binance_screenshot'];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireWalletPage(request, context);
  const verification = await latestVerification(user.id);
  if (verification?.status === 'approved') throw redirectWithToast('/wallet', { kind: 'info', message: M.alreadyVerified });
  return { status: verification?.status ?? 'unverified', rejectionReason: verification?.rejectionReason ?? null };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireWalletAction(request);
  const submission = parseWithZod(await request.formData(), { schema: verificationSchema });
  if (submission.status !== 'success') return data({ ok: false as const, reply: submission.reply({ hideFields: FILE_FIELDS }) }, { status: 400 });
  try {
    const outcome = await submitWalletVerification(user, submission.value);
    if (outcome.ok) return redirectWithToast('/wallet', { kind: 'success', message: M.verificationSubmitted });
    if (outcome.alreadyVerified) return redirectWithToast('/wallet', { kind: 'info', message: M.alreadyVerified });
    const reply = submission.reply({ hideFields: FILE_FIELDS, fieldErrors: outcome.fieldErrors, formErrors: outcome.message ? [outcome.message] : undefined });
    return data({ ok: false as const, reply, message: outcome.message ?? M.verificationFailed }, { status: 400 });
  } catch (error) {
    console.error(error);
    return data(
      { ok: false as const, reply: submission.reply({ hideFields: FILE_FIELDS, formErrors: [M.verificationException] }), message: M.verificationException },
      { status: 500 },
    );
  }
}

export default function AccountVerification() {
  const { status, rejectionReason } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [state, send] = useFlowMachine(walletVerificationStatusMachine, { input: { status } });
  const submitting = useSubmissionBridge(
    actionData,
    () => send({ type: 'SUBMIT' }),
    (result) => send({ type: 'FAILED', message: 'message' in result && typeof result.message === 'string' ? result.message : M.verificationFailed }),
    // The server accepted and redirects to /wallet: the page says so while it leaves.
    () => send({ type: 'SUBMITTED' }),
  );
  const [form, fields] = useForm<VerificationInput>({
    id: 'wallet-verification',
    // The reply crosses the wire as JSON; its shape is Conform's.
    lastResult: actionData?.reply,
    defaultValue: { phone_country: DEFAULT_PHONE_COUNTRY },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: verificationSchema }),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  });
  const phoneValid = walletPhone(fields.phone_number.value, fields.phone_country.value) !== null;
  const emailValid = verificationSchema.innerType().shape.binance_email.safeParse(fields.binance_email.value ?? '').success;
  const screenshotErrors = Object.entries(fields.binance_screenshot.allErrors).filter(([name]) => name !== fields.binance_screenshot.name);
  if (state.matches('pending')) {
    return (
      <section className="wallet-page">
        <h1>Account verification</h1>
        <p>Verification in progress. We will let you know when staff have reviewed it.</p>
        <Link to="/wallet">Back to wallet</Link>
      </section>
    );
  }
  return (
    <section className="wallet-page wallet-verification">
      <h1>Account verification</h1>
      {state.matches('rejected') && rejectionReason ? <p className="wallet-warning">Your last verification was rejected: {rejectionReason}</p> : null}
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="card">
        <FormErrors errors={form.errors} />
        <Field label="Binance email" field={fields.binance_email} type="email" />
        <div className="field">
          <label htmlFor={fields.phone_number.id}>Phone</label>
          <div className="wallet-phone">
            <select name={fields.phone_country.name} defaultValue={DEFAULT_PHONE_COUNTRY} aria-label="Phone country" key={fields.phone_country.key}>
              {PHONE_COUNTRIES.map((country) => (
                <option key={country.code} value={country.code}>
                  {country.code} +{country.dial}
                </option>
              ))}
            </select>
            <input {...getInputProps(fields.phone_number, { type: 'tel' })} />
          </div>
          <FieldError id={fields.phone_number.errorId} errors={fields.phone_number.errors} />
        </div>
        <Field label="Wallet address" field={fields.wallet_address} />
        <div className="field">
          <label htmlFor={fields.phone_otp.id}>Phone code</label>
          <div className="wallet-code">
            <input {...getInputProps(fields.phone_otp, { type: 'text' })} inputMode="numeric" autoComplete="one-time-code" />
            <CodeButton
              url="/wallet/request-otp/phone"
              keyName="phone_key"
              canRequest={phoneValid}
              body={() => ({ phone_number: fields.phone_number.value ?? '', phone_country: fields.phone_country.value ?? DEFAULT_PHONE_COUNTRY })}
            />
          </div>
          <FieldError id={fields.phone_otp.errorId} errors={fields.phone_otp.errors} />
        </div>
        <div className="field">
          <label htmlFor={fields.email_otp.id}>Email code</label>
          <div className="wallet-code">
            <input {...getInputProps(fields.email_otp, { type: 'text' })} inputMode="numeric" autoComplete="one-time-code" />
            <CodeButton
              url="/wallet/request-otp/email"
              keyName="email_key"
              canRequest={emailValid}
              body={() => ({ email: fields.binance_email.value ?? '' })}
            />
          </div>
          <FieldError id={fields.email_otp.errorId} errors={fields.email_otp.errors} />
        </div>
        <Field
          label="Passport proof (JPEG, JPG or PNG, up to 5 MB)"
          field={fields.passport_proof}
          type="file"
          inputProps={{ accept: 'image/jpeg,image/png' }}
        />
        <div className="field">
          <label htmlFor={fields.binance_screenshot.id}>Binance screenshots (1 to {WALLET_SCREENSHOTS_MAX}, up to 5 MB each)</label>
          <input {...getInputProps(fields.binance_screenshot, { type: 'file' })} multiple accept="image/jpeg,image/png" />
          <FieldError id={fields.binance_screenshot.errorId} errors={fields.binance_screenshot.errors} />
          {screenshotErrors.map(([name, errors]) => (
            <p key={name} className="field-error" role="alert" data-field={name}>
              Screenshot {Number(/\[(\d+)\]/.exec(name)?.[1] ?? 0) + 1}: {errors[0]}
            </p>
          ))}
        </div>
        <div className="field checkbox">
          <label>
            <input {...getInputProps(fields.terms_accepted, { type: 'checkbox' })} /> I accept the <Link to="/terms-and-conditions">terms and conditions</Link>
          </label>
          <FieldError id={fields.terms_accepted.errorId} errors={fields.terms_accepted.errors} />
        </div>
        <Button type="submit" pending={submitting}>
          {submitting ? 'Submitting...' : 'Submit'}
        </Button>{' '}
        <Link to="/wallet">Cancel</Link>
      </Form>
    </section>
  );
}
