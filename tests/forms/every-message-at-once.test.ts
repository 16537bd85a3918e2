import { readdirSync, readFileSync } from 'node:fs';
import { parseWithZod } from '@conform-to/zod';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { VERIFY_MESSAGES } from '~/lib/account-messages';
import {
  ChangePasswordSchema,
  CURRENT_PASSWORD_MESSAGES,
  ForgotPasswordSchema,
  LoginSchema,
  MESSAGES,
  NewPasswordSchema,
  RegisterSchema,
} from '~/lib/account-fields';
import { ContactSchema, SubscribeSchema, VALID_EMAIL_MESSAGE } from '~/lib/site-forms';
import { registrationSchema, stepSchema, type RuleContext } from '~/lib/events/registration-schema';
import { WRONG_CATEGORY_MESSAGE } from '~/lib/events/categories';
import { PHONE_MESSAGE } from '~/lib/events/phone';
import { ID_EXPIRY_MIN_DAYS_AHEAD } from '~/lib/constants';
import { WALLET_MESSAGES as W } from '~/lib/wallet/messages';
import { verificationSchema } from '~/lib/wallet/verification-schema';
import { withdrawalSchema } from '~/lib/wallet/withdrawal-schema';
import { OtpSchema } from '~/routes/auth.verification/route';
import { PhoneRequestSchema } from '~/routes/event.$id_.phone/route';
import { TeamActionSchema } from '~/routes/my-teams/route';
import { EventFormSchema } from '~/routes/staff.events_.$id/event-form-schema';
import { MEASUREMENT_MESSAGES, MeasurementSchema } from '~/routes/staff.measurements/form-schema';
import { partnerSchema } from '~/routes/staff.partners/route';
import { DecisionSchema } from '~/routes/staff.registrations/route';
import { ConnectionSchema } from '~/routes/user.connections/route';
import { profileFormSchema } from '~/routes/user.profile/profile-form-schema';

// Issue 36 item 3 (decision 182): every form built on a schema shows every field's message at once.
// Each case submits several wrong fields together, through Conform's parseWithZod as both the
// browser (on submit) and the action (the server's answer) do, and expects every field's message,
// the rules across fields (weight by gender, phone by country, a repeat, a cap) among them.
// The last test holds the table to the app: a new form that parses a schema must be added here.

type Value = string | File | string[] | File[];

function formData(fields: Record<string, Value>) {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  return data;
}

const errorsOf = (schema: z.ZodTypeAny, fields: Record<string, Value>) => parseWithZod(formData(fields), { schema }).reply().error ?? {};
const image = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

const rules: RuleContext = { today: '2026-11-28', dobRequired: true, hasExistingIdFiles: false, minCap: 2, maxCap: 4 };
const withdrawal = withdrawalSchema({ availableSatoshi: 1_000_000n, minimumSatoshi: 100n, feeBasisPoints: 150 });

interface FormCase {
  form: string;
  /** The files that parse this form's schema (the table is held to the app by them). */
  files: string[];
  schema: z.ZodTypeAny;
  fields: Record<string, Value>;
  expected: Record<string, string[]>;
}

const CASES: FormCase[] = [
  {
    form: 'profile (spec 1 §5): first name empty, weight 30, height 300 (issue 36)',
    files: ['app/routes/user.profile/components/EditProfileForm.tsx', 'app/routes/user.profile/profile-actions.server.ts'],
    schema: profileFormSchema(0, false),
    fields: { firstname: '', lastname: 'Haddad', country: '246', dob: '1990-01-01', weight: '30', height: '300', ftp: '5' },
    expected: {
      firstname: ['First Name is required.'],
      weight: [MESSAGES.weightMin(50)],
      height: [MESSAGES.height],
      ftp: ['FTP must be a whole number of watts from 50 to 600.'],
    },
  },
  {
    form: 'profile: a child too young by the birth date beside a wrong last name',
    files: [],
    schema: profileFormSchema(1, false),
    fields: { firstname: 'Lina', lastname: 'Хаддад', country: '246', dob: '2024-01-01', weight: '44', height: '160' },
    expected: { lastname: [MESSAGES.nonLatin], dob: [MESSAGES.tooYoung], weight: [MESSAGES.weightMin(45)] },
  },
  {
    form: 'account verification (spec 1 §5): the phone with every other field wrong (issue 36)',
    files: ['app/routes/wallet.account-verification/route.tsx'],
    schema: verificationSchema,
    fields: { binance_email: 'not-an-email', phone_country: 'AE', phone_number: '12', wallet_address: '' },
    expected: {
      binance_email: [W.emailInvalid],
      phone_number: [W.phoneInvalid],
      wallet_address: [W.walletAddressRequired],
      phone_otp: [W.phoneOtpRequired],
      email_otp: [W.emailOtpRequired],
      passport_proof: [W.passportRequired],
      binance_screenshot: [W.screenshotRequired],
      terms_accepted: [W.termsRequired],
    },
  },
  {
    form: 'register (spec 1 §5): the cross-field rules with the fields’ own',
    files: ['app/routes/auth.register/route.tsx'],
    schema: RegisterSchema,
    fields: {
      firstname: '',
      lastname: 'Saleh',
      email: 'omar@',
      gender: '1',
      password: 'abc',
      password_confirmation: 'abd',
      country: '246',
      dob: '2025-01-01',
      weight: '44',
      height: '40',
    },
    expected: {
      firstname: ['First Name is required.'],
      email: [MESSAGES.email],
      password: [MESSAGES.passwordMin],
      password_confirmation: [MESSAGES.passwordMismatch],
      dob: [MESSAGES.tooYoung],
      weight: [MESSAGES.weightMin(45)],
      height: [MESSAGES.height],
      consent_agree_privacy_notice: [MESSAGES.terms],
    },
  },
  {
    form: 'login (spec 1 §5)',
    files: ['app/routes/auth.login/route.tsx'],
    schema: LoginSchema,
    fields: { email: 'nope', password: '123' },
    expected: { email: [MESSAGES.email], password: [MESSAGES.passwordMin] },
  },
  {
    form: 'forgot password (spec 1 §5): its one field',
    files: ['app/routes/auth.forgot-password/route.tsx'],
    schema: ForgotPasswordSchema,
    fields: { email: 'nope' },
    expected: { email: [VALID_EMAIL_MESSAGE] },
  },
  {
    form: 'reset password (spec 1 §5): a short password and a repeat that differs',
    files: ['app/routes/auth.forgot-password2/route.tsx'],
    schema: NewPasswordSchema,
    fields: { password: 'abc', repeatPassword: 'abd' },
    expected: { password: [MESSAGES.passwordMin], repeatPassword: [MESSAGES.passwordMismatch] },
  },
  {
    form: 'change password: the current one missing, a short password and a repeat that differs',
    files: ['app/routes/user.profile/components/AccountPanels.tsx'],
    schema: ChangePasswordSchema,
    fields: { password: 'abc', repeatPassword: 'abd' },
    expected: { currentPassword: [CURRENT_PASSWORD_MESSAGES.required], password: [MESSAGES.passwordMin], repeatPassword: [MESSAGES.passwordMismatch] },
  },
  {
    form: 'verify by code: its one field',
    files: ['app/routes/auth.verification/route.tsx'],
    schema: OtpSchema,
    fields: { otp: '12' },
    expected: { otp: [VERIFY_MESSAGES.invalidCode] },
  },
  {
    form: 'withdrawal (spec 1 §5): an amount below the minimum and the e-mail',
    files: ['app/routes/wallet.withdrawal-request/route.tsx'],
    schema: withdrawal,
    fields: { amount: '0.0000001', email: 'x', walletAddress: '', requestKey: 'request-key-1' },
    expected: { amount: ['Minimum withdrawal amount is 0.000001 BTC'], email: [W.emailAddressInvalid], walletAddress: [W.walletAddressIdRequired] },
  },
  {
    form: 'contact us (spec 3 §5)',
    files: ['app/routes/contact-us/route.tsx'],
    schema: ContactSchema,
    fields: { name: '', email: 'nope', message: 'short' },
    expected: { name: ['First Name is required'], email: [VALID_EMAIL_MESSAGE], message: ['Message must be at least 10 characters long'] },
  },
  {
    form: 'footer subscribe (spec 3 §5): its one field',
    files: ['app/components/shell/SubscribeForm.tsx', 'app/routes/subscribe/route.tsx'],
    schema: SubscribeSchema,
    fields: { email: 'nope' },
    expected: { email: [VALID_EMAIL_MESSAGE] },
  },
  {
    form: 'event wizard, personal step (spec 3 §5): the birth date required and the proof of ID beside a missing name',
    files: ['app/routes/event.$id/route.tsx', 'app/lib/events/registration-schema.ts'],
    schema: stepSchema('personal', rules),
    fields: { firstName: '', lastName: 'Saleh', email: 'omar@example.com', gender: '0' },
    expected: { firstName: ['First name is required.'], dob: ['Date of birth is required.'] },
  },
  {
    form: 'event wizard, personal step: a birth date that needs a proof of ID, with no e-mail',
    files: [],
    schema: stepSchema('personal', rules),
    fields: { firstName: 'Omar', lastName: 'Saleh', email: '', gender: '0', dob: '1975-05-05' },
    expected: { email: ['Email is required.'], dobCertificate: ['A proof of ID is required for your age group.'] },
  },
  {
    form: 'event wizard, rider step: the category cap beside a missing height',
    files: [],
    schema: stepSchema('rider', rules),
    fields: { height: '', weight: '70', ftp: '420' },
    expected: { height: ['Height is required.'], ftp: [WRONG_CATEGORY_MESSAGE] },
  },
  {
    form: 'event wizard, identity step: the images required beside a missing expiry date',
    files: [],
    schema: stepSchema('identity', rules),
    fields: { idType: 'national_id', expiryDate: '', idSource: 'upload' },
    expected: {
      expiryDate: ['Expiry date is required.'],
      nationalIdFront: ['Front image is required.'],
      nationalIdBack: ['Back image is required.'],
    },
  },
  {
    form: 'event wizard, identity step: a past expiry date, and a type of document not chosen asks no back image yet',
    files: [],
    schema: stepSchema('identity', rules),
    fields: { idType: '', expiryDate: '2020-01-01', nationalIdFront: image('front.gif') },
    expected: {
      idType: ['Id type is required.'],
      expiryDate: [`The expiry date must be at least ${ID_EXPIRY_MIN_DAYS_AHEAD} days from today`],
      nationalIdFront: ['Please select a valid image (JPEG, JPG or PNG).'],
    },
  },
  {
    form: 'event wizard, device and team steps',
    files: [],
    schema: stepSchema('device', rules).and(stepSchema('team', rules)),
    fields: { platform: 'Windows', smartTrainerDeviceModelName: '', smartTrainerDeviceSerialNumber: '', team: 'y', teamName: '  ' },
    expected: {
      platform: ['Platform is required.'],
      smartTrainerDeviceModelName: ['Model name is required.'],
      smartTrainerDeviceSerialNumber: ['Serial number is required.'],
      teamName: ['required'],
    },
  },
  {
    form: 'event wizard, phone step',
    files: [],
    schema: stepSchema('phone', rules),
    fields: { phone: '12', type: 'sms' },
    expected: { phone: [PHONE_MESSAGE], phoneKey: ['Please verify your phone number'], agree: ['Please agree to the terms and conditions'] },
  },
  {
    form: 'event registration, the whole submission: every step’s messages together',
    files: [],
    schema: registrationSchema({ identification: false, device: true, team: false, otp: false }, rules),
    fields: { firstName: 'Omar', lastName: 'Saleh', email: 'omar@example.com', gender: '0', height: '180', weight: '70', ftp: '100', platform: 'iOS' },
    expected: {
      disclaimer: ['Please accept the disclaimer to continue'],
      dob: ['Date of birth is required.'],
      ftp: [WRONG_CATEGORY_MESSAGE],
      smartTrainerDeviceModelName: ['Model name is required.'],
      smartTrainerDeviceSerialNumber: ['Serial number is required.'],
    },
  },
  {
    form: 'event phone codes: a wrong phone and channel',
    files: ['app/routes/event.$id_.phone/route.tsx'],
    schema: PhoneRequestSchema,
    fields: { intent: 'send', phone: '12', type: 'fax' },
    expected: { phone: [PHONE_MESSAGE], type: ["Invalid enum value. Expected 'sms' | 'whatsapp', received 'fax'"] },
  },
  {
    form: 'my teams, create',
    files: ['app/routes/my-teams/route.tsx'],
    schema: TeamActionSchema,
    fields: { intent: 'create', name: 'A', description: 'x'.repeat(501) },
    expected: { name: ['Team name must be at least 2 characters'], description: ['String must contain at most 500 character(s)'] },
  },
  {
    form: 'connections, Xert (spec 1 §5): username and password',
    files: ['app/routes/user.connections/route.tsx'],
    schema: ConnectionSchema,
    fields: { intent: 'xert' },
    expected: { username: ['Username is required'], password: ['Password is required'] },
  },
  {
    form: 'staff measurements: "nothing entered" beside a missing e-mail and a future date',
    files: ['app/routes/staff.measurements/route.tsx'],
    schema: MeasurementSchema,
    fields: { email: '', measuredOn: '2999-01-01' },
    expected: { email: [MEASUREMENT_MESSAGES.email], weightKg: [MEASUREMENT_MESSAGES.nothing], measuredOn: [MEASUREMENT_MESSAGES.date] },
  },
  {
    form: 'staff measurements: a weight typed but out of range is not also "nothing entered"',
    files: [],
    schema: MeasurementSchema,
    fields: { email: 'rider@example.com', weightKg: '10', measuredOn: '2026-01-01' },
    expected: { weightKg: [MEASUREMENT_MESSAGES.weight] },
  },
  {
    form: 'staff partners: name, website and redirect URIs',
    files: ['app/routes/staff.partners/route.tsx'],
    schema: partnerSchema(false),
    fields: { intent: 'register', name: '', website: 'http://localhost:3000', redirectUris: 'not a uri' },
    expected: {
      name: ['Enter the partner name.'],
      website: ['Enter the partner website (https://…).'],
      redirectUris: ['Enter at least one redirect URI, one per line, each an absolute https URL (http only for localhost).'],
    },
  },
  {
    form: 'staff event editor',
    files: ['app/routes/staff.events_.$id/route.tsx'],
    schema: EventFormSchema,
    fields: { name: 'A', date: 'tomorrow', time: '9', capacity: '0', distanceKm: '-1' },
    expected: {
      name: ['String must contain at least 2 character(s)'],
      date: ['Invalid'],
      time: ['Use HH:MM (GMT+4)'],
      capacity: ['Number must be greater than or equal to 1'],
      distanceKm: ['Number must be greater than 0'],
    },
  },
  {
    form: 'staff registrations: a decision on a registration',
    files: ['app/routes/staff.registrations/route.tsx'],
    schema: DecisionSchema,
    fields: { registrationId: '-3', decision: 'maybe' },
    expected: {
      registrationId: ['Number must be greater than 0'],
      decision: ["Invalid enum value. Expected 'approved' | 'declined', received 'maybe'"],
    },
  },
];

describe('every schema form shows every field’s message at once (issue 36, decision 182)', () => {
  it.each(CASES.map((entry) => [entry.form, entry] as const))('%s', (_, { schema, fields, expected }) => {
    expect(errorsOf(schema, fields)).toEqual(expected);
  });

  it('judges a file’s type beside the form’s other messages', () => {
    const errors = errorsOf(verificationSchema, {
      binance_email: 'rider@example.com',
      passport_proof: image('big.png', 6 * 1024 * 1024),
      terms_accepted: 'on',
    });
    expect(errors.passport_proof).toEqual([W.fileSize]);
    expect(errors.phone_number).toEqual([W.phoneInvalid]);
  });

  it('covers every file of the app that parses a form’s schema', () => {
    const files = readdirSync('app', { recursive: true, encoding: 'utf8' })
      .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
      .map((name) => `app/${name.split('\\').join('/')}`)
      .filter((path) => /\bparseWithZod\(/.test(readFileSync(path, 'utf8')));
    // The form hooks take a route's schema; the routes using them are in the table.
    const hooks = ['app/components/auth/FormPost.tsx'];
    expect(files.filter((path) => !hooks.includes(path)).sort()).toEqual([...new Set(CASES.flatMap((entry) => entry.files))].sort());
  });
});
