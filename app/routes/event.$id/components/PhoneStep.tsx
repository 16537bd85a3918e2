import { apiJson } from '~/lib/api-client';
import { useFlowMachine } from '~/components/flows/use-flow-machine';
import { useMemo, useState } from 'react';
import { fromPromise } from 'xstate';
import { CheckboxField, FieldError } from '~/components/ui/Field';
import { phoneCodeSchema, phoneNumberSchema } from '~/lib/events/phone';
import { phoneVerificationMachine, type PhoneChannel } from '~/machines/phone-verification.machine';
import type { WizardFields } from './wizard-props';
import { Button } from '~/components/ui/Button';
import { SOMETHING_WENT_WRONG_MESSAGE } from '~/lib/constants';

async function postPhone(eventId: number, fields: Record<string, string>) {
  // A 400 answers { ok: false, message } (a wrong code, a refused number), shown beside the field.
  const body = await apiJson<{ ok: boolean; message?: string; data?: { key: string; phone: string } }>(
    `/event/${eventId}/phone`,
    { method: 'POST', body: new URLSearchParams(fields) },
    { answers: [400] },
  );
  if (!body.ok) throw new Error(body.message ?? SOMETHING_WENT_WRONG_MESSAGE);
  return body.data;
}

/** PHONE VERIFICATION: send a code by SMS or WhatsApp, verify it; verified locks the phone and shows the terms. */
export function PhoneStep({ fields, eventId }: { fields: WizardFields; eventId: number }) {
  const machine = useMemo(
    () =>
      phoneVerificationMachine.provide({
        actors: {
          sendCode: fromPromise(async ({ input }) => (await postPhone(eventId, { intent: 'send', phone: input.phone, type: input.channel }))!),
          verifyCode: fromPromise(async ({ input }) => {
            await postPhone(eventId, { intent: 'verify', key: input.key, code: input.code });
          }),
        },
      }),
    [eventId],
  );
  const [snapshot, send] = useFlowMachine(machine);
  const [phone, setPhone] = useState('');
  const [channel, setChannel] = useState<PhoneChannel>('sms');
  const [code, setCode] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const verified = snapshot.matches('verified');
  const sent = snapshot.matches('sent') || snapshot.matches('verifying');
  const busy = snapshot.matches('sending') || snapshot.matches('verifying');

  const sendCode = () => {
    const check = phoneNumberSchema.safeParse(phone);
    setLocalError(check.success ? null : check.error.issues[0].message);
    if (check.success) send({ type: 'SEND', phone, channel });
  };
  const verifyCode = () => {
    const check = phoneCodeSchema.safeParse(code);
    setLocalError(check.success ? null : check.error.issues[0].message);
    if (check.success) send({ type: 'VERIFY', code });
  };
  const error = localError ?? snapshot.context.error ?? fields.phone.errors?.[0] ?? fields.phoneKey.errors?.[0];

  return (
    <div className="wizard-phone">
      <div className="field">
        <label htmlFor="wizard-phone">Phone number</label>
        <div className="wizard-phone-row">
          <span className="wizard-phone-prefix">+971</span>
          <input
            id="wizard-phone"
            name={fields.phone.name}
            type="tel"
            inputMode="tel"
            value={verified ? snapshot.context.phone : phone}
            onChange={(event) => setPhone(event.target.value)}
            readOnly={verified || sent}
            aria-invalid={error ? true : undefined}
          />
        </div>
      </div>
      <div className="field" role="radiogroup" aria-label="Send the code by">
        {(['sms', 'whatsapp'] as const).map((option) => (
          <label key={option} className="checkbox">
            <input type="radio" name={fields.type.name} value={option} checked={channel === option} disabled={verified} onChange={() => setChannel(option)} />{' '}
            {option === 'sms' ? 'SMS' : 'WhatsApp'}
          </label>
        ))}
      </div>
      {verified ? <input type="hidden" name={fields.phoneKey.name} value={snapshot.context.key ?? ''} /> : null}
      {!verified && !sent ? (
        <Button onClick={sendCode} disabled={busy} pending={snapshot.matches('sending')} variant="secondary">
          {busy ? 'Sending…' : 'Send code'}
        </Button>
      ) : null}
      {sent ? (
        <div className="wizard-phone-code">
          <div className="field">
            <label htmlFor="wizard-code">Verification code</label>
            <input
              id="wizard-code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
          </div>
          <Button onClick={verifyCode} disabled={busy} pending={snapshot.matches('verifying')} variant="secondary">
            {snapshot.matches('verifying') ? 'Verifying…' : 'Verify'}
          </Button>
          <Button variant="link" onClick={() => send({ type: 'RESEND' })} disabled={busy}>
            Resend code
          </Button>
          <Button variant="link" onClick={() => send({ type: 'CHANGE_PHONE' })} disabled={busy}>
            Change number
          </Button>
        </div>
      ) : null}
      {verified ? <p className="wizard-phone-verified">Phone number verified.</p> : null}
      <FieldError id={fields.phone.errorId} errors={error ? [error] : undefined} />
      {verified ? <CheckboxField label="I agree to the terms and conditions" field={fields.agree} /> : null}
    </div>
  );
}
