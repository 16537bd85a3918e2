import { z } from 'zod';
import {
  ADULT_AGE_YEARS,
  DEFAULT_COUNTRY_ID,
  HEIGHT_MAX_CM,
  HEIGHT_MIN_CM,
  MIN_REGISTRATION_AGE_YEARS,
  PASSWORD_MIN_CHARS,
  WEIGHT_MAX_KG,
  WEIGHT_MIN_KG,
} from './constants';
import { COUNTRIES, COUNTRY_IDS } from './countries';
import { VALID_EMAIL_MESSAGE } from './site-forms';

/**
 * The account field schema (spec 1 §2 "a form built from a field schema", §3 profile form):
 * one list drives the register form and the profile form, and the Zod schemas below are
 * built from the same labels so '{label} is required.' reads the same everywhere.
 */
export type AccountFieldName =
  | 'firstname'
  | 'lastname'
  | 'email'
  | 'gender'
  | 'password'
  | 'password_confirmation'
  | 'country'
  | 'dob'
  | 'weight'
  | 'height'
  | 'consent_agree_privacy_notice'
  | 'IsAllowedToSendMarketingEmails';

export interface AccountField {
  name: AccountFieldName;
  label: string;
  type: 'text' | 'email' | 'password' | 'select' | 'date' | 'number' | 'checkbox';
  required: boolean;
  options?: { value: string; label: string }[];
  /** Shown on the profile form (read-only ones are displayed but never accepted). */
  profile: 'editable' | 'readOnly' | 'hidden';
}

const GENDER_OPTIONS = [
  { value: '0', label: 'Male' },
  { value: '1', label: 'Female' },
];

const COUNTRY_OPTIONS = COUNTRIES.map((country) => ({ value: String(country.id), label: country.name }));

export const ACCOUNT_FIELDS: AccountField[] = [
  { name: 'firstname', label: 'First Name', type: 'text', required: true, profile: 'editable' },
  { name: 'lastname', label: 'Last Name', type: 'text', required: true, profile: 'editable' },
  { name: 'email', label: 'Email', type: 'email', required: true, profile: 'readOnly' },
  { name: 'gender', label: 'Gender', type: 'select', required: true, options: GENDER_OPTIONS, profile: 'readOnly' },
  { name: 'password', label: 'Password', type: 'password', required: true, profile: 'hidden' },
  { name: 'password_confirmation', label: 'Confirm Password', type: 'password', required: true, profile: 'hidden' },
  { name: 'country', label: 'Country', type: 'select', required: true, options: COUNTRY_OPTIONS, profile: 'editable' },
  { name: 'dob', label: 'Date of Birth', type: 'date', required: true, profile: 'editable' },
  { name: 'weight', label: 'Weight (kg)', type: 'number', required: true, profile: 'editable' },
  { name: 'height', label: 'Height (cm)', type: 'number', required: true, profile: 'editable' },
  {
    name: 'consent_agree_privacy_notice',
    label: 'I agree to the Terms and Conditions and the Privacy Notice',
    type: 'checkbox',
    required: true,
    profile: 'hidden',
  },
  {
    name: 'IsAllowedToSendMarketingEmails',
    label: 'I would like to receive news and updates',
    type: 'checkbox',
    required: false,
    profile: 'editable',
  },
];

const labelOf = (name: AccountFieldName) => ACCOUNT_FIELDS.find((field) => field.name === name)?.label ?? name;
export const requiredMessage = (name: AccountFieldName) => `${labelOf(name)} is required.`;

export const MESSAGES = {
  nonLatin: 'Non latin characters are not supported',
  terms: 'You must agree to the terms and conditions to register',
  tooYoung: `You must be at least ${MIN_REGISTRATION_AGE_YEARS} years old to register.`,
  weightMin: (min: number) => `The weight field must be ${min} or more`,
  weightMax: `The weight field must be ${WEIGHT_MAX_KG} or less`,
  height: `The height field must be between ${HEIGHT_MIN_CM} and ${HEIGHT_MAX_CM}`,
  email: 'Please enter correct email',
  passwordMin: `Password must be at least ${PASSWORD_MIN_CHARS} characters`,
  passwordMismatch: "Password doesn't match",
  robotCheck: 'Please complete the reCAPTCHA',
} as const;

/** Latin letters (with Latin-extended), digits, underscore, hyphen, period and space. */
const LATIN_NAME = /^[\p{Script=Latin}0-9_\-. ]+$/u;

const requiredText = (name: AccountFieldName) =>
  z
    .string({ required_error: requiredMessage(name) })
    .trim()
    .min(1, requiredMessage(name))
    .max(100);
const latinName = (name: AccountFieldName) => requiredText(name).regex(LATIN_NAME, MESSAGES.nonLatin);
const requiredNumber = (name: AccountFieldName) => z.number({ required_error: requiredMessage(name), invalid_type_error: requiredMessage(name) });

/** Whole years between a YYYY-MM-DD birth date and today. */
export function ageInYears(dob: string, today = new Date()): number {
  const [year, month, day] = dob.split('-').map(Number);
  let age = today.getUTCFullYear() - year;
  const beforeBirthday = today.getUTCMonth() + 1 < month || (today.getUTCMonth() + 1 === month && today.getUTCDate() < day);
  if (beforeBirthday) age -= 1;
  return age;
}

export const isMinorAge = (age: number) => age < ADULT_AGE_YEARS;

/** Spec 1 §5 "The date picker maximum is January 1 of the year six years ago." */
export function dobPickerMax(today = new Date()): string {
  return `${today.getUTCFullYear() - MIN_REGISTRATION_AGE_YEARS}-01-01`;
}

const dobField = requiredText('dob').regex(/^\d{4}-\d{2}-\d{2}$/, requiredMessage('dob'));

/** The weight rule depends on gender: 0 → 50 kg minimum, 1 → 45 kg; 140 kg maximum for both. */
export function weightIssue(weight: number, gender: number): string | null {
  const min = gender === 1 ? WEIGHT_MIN_KG[1] : WEIGHT_MIN_KG[0];
  if (weight < min) return MESSAGES.weightMin(min);
  if (weight > WEIGHT_MAX_KG) return MESSAGES.weightMax;
  return null;
}

const heightField = requiredNumber('height').min(HEIGHT_MIN_CM, MESSAGES.height).max(HEIGHT_MAX_CM, MESSAGES.height);
const countryField = z
  .number({ invalid_type_error: requiredMessage('country') })
  .int()
  .refine((id) => COUNTRY_IDS.has(id), requiredMessage('country'))
  .default(DEFAULT_COUNTRY_ID);

const passwordField = z.string({ required_error: 'Password is required.' }).min(PASSWORD_MIN_CHARS, MESSAGES.passwordMin).max(200);

/**
 * The rules that read two fields (weight by gender, the password confirmation, the age from the birth date).
 * They sit on the right of an intersection, not in the form object's superRefine, because Zod skips an
 * object's refinements while any field is still missing: the weight's error would wait for the whole form
 * (spec 1 §5 wants it on leaving the field, as the other fields' errors are).
 */
const registerCrossChecks = z
  .object({
    gender: z.string().optional(),
    weight: z.number().optional(),
    password: z.string().optional(),
    password_confirmation: z.string().optional(),
    dob: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (value.password !== undefined && value.password_confirmation !== undefined && value.password !== value.password_confirmation) {
      ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: MESSAGES.passwordMismatch });
    }
    const weight = value.weight === undefined || value.gender === undefined ? null : weightIssue(value.weight, Number(value.gender));
    if (weight) ctx.addIssue({ code: 'custom', path: ['weight'], message: weight });
    if (value.dob && /^\d{4}-\d{2}-\d{2}$/.test(value.dob) && ageInYears(value.dob) < MIN_REGISTRATION_AGE_YEARS) {
      ctx.addIssue({ code: 'custom', path: ['dob'], message: MESSAGES.tooYoung });
    }
  });

export const RegisterSchema = z
  .object({
    firstname: latinName('firstname'),
    lastname: latinName('lastname'),
    email: requiredText('email').email(MESSAGES.email),
    gender: z.enum(['0', '1'], { required_error: requiredMessage('gender'), invalid_type_error: requiredMessage('gender') }),
    password: passwordField,
    password_confirmation: z.string({ required_error: requiredMessage('password_confirmation') }),
    country: countryField,
    dob: dobField,
    weight: requiredNumber('weight'),
    height: heightField,
    consent_agree_privacy_notice: z.literal('on', { errorMap: () => ({ message: MESSAGES.terms }) }),
    IsAllowedToSendMarketingEmails: z.literal('on').optional(),
  })
  .and(registerCrossChecks);
export type RegisterInput = z.infer<typeof RegisterSchema>;

/** The profile form: gender comes from the account (read-only) because the weight rule needs it. */
export function profileSchema(gender: number, isKid: boolean) {
  return z
    .object({
      firstname: latinName('firstname'),
      lastname: latinName('lastname'),
      country: countryField,
      // A child's date of birth is never accepted (spec 1 §5), whatever the browser sends.
      dob: isKid ? z.unknown().transform(() => undefined) : dobField,
      weight: requiredNumber('weight'),
      height: heightField,
      IsAllowedToSendMarketingEmails: z.literal('on').optional(),
    })
    .superRefine((value, ctx) => {
      const weight = weightIssue(value.weight, gender);
      if (weight) ctx.addIssue({ code: 'custom', path: ['weight'], message: weight });
      if (typeof value.dob === 'string' && ageInYears(value.dob) < MIN_REGISTRATION_AGE_YEARS) {
        ctx.addIssue({ code: 'custom', path: ['dob'], message: MESSAGES.tooYoung });
      }
    });
}

export const LoginSchema = z.object({
  email: z.string({ required_error: MESSAGES.email }).trim().email(MESSAGES.email),
  password: z.string({ required_error: MESSAGES.passwordMin }).min(PASSWORD_MIN_CHARS, MESSAGES.passwordMin).max(200),
  remember: z.literal('on').optional(),
  redirectTo: z.string().optional(),
});

const newPasswordFields = z.object({
  password: passwordField,
  repeatPassword: z.string({ required_error: MESSAGES.passwordMismatch }),
});
const passwordsMatch = (value: { password: string; repeatPassword: string }) => value.password === value.repeatPassword;

export const NewPasswordSchema = newPasswordFields.refine(passwordsMatch, { path: ['repeatPassword'], message: MESSAGES.passwordMismatch });

export const CURRENT_PASSWORD_MESSAGES = { required: 'Enter your current password.', wrong: 'The current password is incorrect.' } as const;

/** Changing the password while signed in asks for the current one (step-up, ASVS V7 / issue 15 item 7). */
export const ChangePasswordSchema = newPasswordFields
  .extend({ currentPassword: z.string({ required_error: CURRENT_PASSWORD_MESSAGES.required }) })
  .refine(passwordsMatch, { path: ['repeatPassword'], message: MESSAGES.passwordMismatch });

export const ForgotPasswordSchema = z.object({
  email: z.string({ required_error: VALID_EMAIL_MESSAGE }).trim().email(VALID_EMAIL_MESSAGE),
});
