import type { ReactNode } from 'react';
import { CheckboxField, Field, FieldError, SelectField } from '~/components/ui/Field';
import { isWithinCap, wattsPerKg } from '~/lib/events/categories';
import { needsProofOfId, type RuleContext } from '~/lib/events/registration-schema';
import { requiredSteps, STEP_TITLES, type WizardStep } from '~/lib/events/wizard-steps';
import { IdentityStep } from './IdentityStep';
import { PhoneStep } from './PhoneStep';
import type { WizardFields, WizardLoaded } from './wizard-props';

/**
 * Every step the event needs, in one form: the machine shows one at a time; before the
 * page's JavaScript runs (current = null) all are shown, so the form works without it.
 */
export function WizardSteps({ fields, current, loaded }: { fields: WizardFields; current: WizardStep | null; loaded: WizardLoaded }) {
  const steps = requiredSteps(loaded.requirements);
  const body: Record<WizardStep, ReactNode> = {
    disclaimer: <DisclaimerStep fields={fields} />,
    personal: <PersonalStep fields={fields} rules={loaded.rules} showAll={current === null} />,
    rider: <RiderStep fields={fields} cap={loaded.event} />,
    identity: <IdentityStep fields={fields} loaded={loaded} showAll={current === null} />,
    device: <DeviceStep fields={fields} />,
    team: <TeamStep fields={fields} helpText={loaded.event.teamHelpText} showAll={current === null} />,
    phone: <PhoneStep fields={fields} eventId={loaded.event.id} />,
  };
  return (
    <>
      {steps.map((step) => (
        <fieldset key={step} className={`wizard-step wizard-step-${step}`} hidden={current !== null && current !== step}>
          <legend>{STEP_TITLES[step]}</legend>
          {body[step]}
        </fieldset>
      ))}
    </>
  );
}

function DisclaimerStep({ fields }: { fields: WizardFields }) {
  return (
    <>
      <div className="wizard-disclaimer">
        <p>
          Indoor cycling is strenuous exercise. You ride at your own risk and confirm you are fit to take part. Make sure your trainer is set up safely, keep
          water and a fan close by, and stop if you feel unwell.
        </p>
        <p>
          Results may be reviewed by the race officials. Riders whose data, weight or equipment do not match their registration may be disqualified under the
          Paceline ruleset.
        </p>
      </div>
      <CheckboxField label="I have read and accept the disclaimer" field={fields.disclaimer} />
    </>
  );
}

function PersonalStep({ fields, rules, showAll }: { fields: WizardFields; rules: RuleContext; showAll: boolean }) {
  const dob = fields.dob.value;
  return (
    <div className="wizard-grid">
      <Field label="First name" field={fields.firstName} />
      <Field label="Last name" field={fields.lastName} />
      <Field label="Email" field={fields.email} type="email" />
      <SelectField
        label="Gender"
        field={fields.gender}
        placeholder="Select"
        options={[
          { value: '0', label: 'Male' },
          { value: '1', label: 'Female' },
        ]}
      />
      <Field label={rules.dobRequired ? 'Date of birth' : 'Date of birth (optional)'} field={fields.dob} type="date" />
      {showAll || needsProofOfId(dob) ? (
        <Field
          label="Proof of ID"
          field={fields.dobCertificate}
          type="file"
          hint="Required for riders born on or before 31 Dec 1980 or on or after 1 Jan 2002: JPEG, JPG, PNG or PDF, 8 MB at most."
          inputProps={{ accept: '.jpg,.jpeg,.png,.pdf,image/jpeg,image/png,application/pdf' }}
        />
      ) : null}
    </div>
  );
}

function RiderStep({ fields, cap }: { fields: WizardFields; cap: { minCap: number | null; maxCap: number | null } }) {
  const ftp = Number(fields.ftp.value);
  const weight = Number(fields.weight.value);
  const wkg = ftp > 0 && weight > 0 ? wattsPerKg(ftp, weight) : null;
  return (
    <>
      <div className="wizard-grid">
        <Field label="Height (cm)" field={fields.height} inputProps={{ inputMode: 'numeric' }} />
        <Field label="Weight (kg)" field={fields.weight} inputProps={{ inputMode: 'numeric' }} />
        <Field label="FTP (W)" field={fields.ftp} inputProps={{ inputMode: 'numeric' }} />
        <Field label="Average watts (optional)" field={fields.avg_watt} inputProps={{ inputMode: 'numeric' }} />
      </div>
      <p className="wizard-wkg" aria-live="polite">
        W/kg: <strong>{wkg === null ? '—' : wkg.toFixed(2)}</strong>
        {cap.minCap !== null || cap.maxCap !== null ? (
          <span className={wkg !== null && !isWithinCap(wkg, cap) ? 'wizard-wkg-out' : undefined}>
            {' '}
            (this race: {cap.minCap ?? 0} to {cap.maxCap ?? '∞'} W/kg)
          </span>
        ) : null}
      </p>
    </>
  );
}

function DeviceStep({ fields }: { fields: WizardFields }) {
  return (
    <>
      <div className="wizard-grid">
        <SelectField
          label="Platform"
          field={fields.platform}
          placeholder="Select"
          options={[
            { value: 'iOS', label: 'iOS' },
            { value: 'Android', label: 'Android' },
          ]}
        />
        <Field label="Smart trainer model name" field={fields.smartTrainerDeviceModelName} />
        <Field label="Smart trainer serial number" field={fields.smartTrainerDeviceSerialNumber} />
      </div>
      <div className="wizard-device-notes">
        <h3>Device recommendations</h3>
        <ul>
          <li>iOS 11 or later: iPad Mini 5, iPad Air 3, iPad Pro 2 or above, iPad 7, iPhone X or above.</li>
          <li>Android 9.0 or later, 4 GB RAM, 32 GB storage, Snapdragon 660, Mali G52 or Adreno 512 processor.</li>
        </ul>
        <p className="wizard-note">Only direct-drive smart trainers are allowed.</p>
      </div>
    </>
  );
}

function TeamStep({ fields, helpText, showAll }: { fields: WizardFields; helpText: string | null; showAll: boolean }) {
  const mode = fields.team.value ?? 'i';
  return (
    <>
      {helpText ? <p className="wizard-help">{helpText}</p> : null}
      <div className="field" role="radiogroup" aria-labelledby="team-mode-label">
        <span id="team-mode-label" className="field-label">
          Registration type
        </span>
        <label className="checkbox">
          <input type="radio" name={fields.team.name} value="y" defaultChecked={fields.team.initialValue === 'y'} /> I have a team
        </label>
        <label className="checkbox">
          <input type="radio" name={fields.team.name} value="i" defaultChecked={fields.team.initialValue !== 'y'} /> Individual
        </label>
        <FieldError id={fields.team.errorId} errors={fields.team.errors} />
      </div>
      {showAll || mode === 'y' ? <Field label="Team name" field={fields.teamName} /> : null}
    </>
  );
}
