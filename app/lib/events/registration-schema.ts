import type { SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod';
import { z } from 'zod';
import {
  EVENT_MIN_AGE_YEARS,
  EVENT_UPLOAD_MAX_BYTES,
  EVENT_RIDER_HEIGHT_MAX_CM,
  EVENT_RIDER_HEIGHT_MIN_CM,
  ID_EXPIRY_MIN_DAYS_AHEAD,
  PROOF_OF_ID_BORN_ON_OR_AFTER,
  PROOF_OF_ID_BORN_ON_OR_BEFORE,
  EVENT_RIDER_WEIGHT_MAX_KG,
  EVENT_RIDER_WEIGHT_MIN_KG,
} from '~/lib/constants';
import { isWithinCap, wattsPerKg, WRONG_CATEGORY_MESSAGE } from './categories';
import { addDays, addYears } from './dates';
import { phoneChannelSchema, phoneNumberSchema } from './phone';
import { requiredSteps, skippedSteps, STEP_TITLES, type StepRequirements, type WizardStep } from './wizard-steps';
import { MESSAGES } from '../account-fields';

/**
 * The wizard's step schemas (spec 3 §3 payload, §5 rules): the browser validates each step
 * with them and the server parses the whole submission with the same ones, so a message
 * can never differ between the two.
 */
export interface RuleContext {
  /** Today in GMT+4 (YYYY-MM-DD). */
  today: string;
  dobRequired: boolean;
  /** Whether the rider has identity files from an earlier registration to reuse. */
  hasExistingIdFiles: boolean;
  /** The event's W/kg band (spec 3 §3 cap), when it has one. */
  minCap?: number | null;
  maxCap?: number | null;
}

export const FILE_TYPE_MESSAGE = 'Please select a valid file type (JPEG, JPG, PNG, or PDF).';
export const FILE_SIZE_MESSAGE = 'File size exceeds 8MB. Please select a smaller file.';
export const ID_IMAGE_TYPE_MESSAGE = 'Please select a valid image (JPEG, JPG or PNG).';
const TERMS_MESSAGE = 'Please agree to the terms and conditions';
export const PHONE_NOT_VERIFIED_MESSAGE = 'Please verify your phone number';

const DOCUMENT_EXTENSIONS = /\.(jpe?g|png|pdf)$/i;
const IMAGE_EXTENSIONS = /\.(jpe?g|png)$/i;

/** A file input judged by its name and size here; the server also judges it by content. */
function uploadSchema(extensions: RegExp, typeMessage: string) {
  return z
    .instanceof(File, { message: 'required' })
    .refine((file) => extensions.test(file.name), typeMessage)
    .refine((file) => file.size <= EVENT_UPLOAD_MAX_BYTES, FILE_SIZE_MESSAGE);
}

function integerText(label: string, min: number, max: number) {
  return z.string({ required_error: `${label} is required.` }).superRefine((value, ctx) => {
    if (!/^\d+$/.test(value)) ctx.addIssue({ code: 'custom', message: `${label} should be numbers only.` });
    else if (Number(value) < min || Number(value) > max) ctx.addIssue({ code: 'custom', message: `${label} must be between ${min} and ${max}.` });
  });
}

/** Spec 3 §5: proof of ID for births on or before 1980-12-31 or on or after 2002-01-01. */
export function needsProofOfId(dob: string | undefined): boolean {
  if (!dob) return false;
  return dob <= PROOF_OF_ID_BORN_ON_OR_BEFORE || dob >= PROOF_OF_ID_BORN_ON_OR_AFTER;
}

const disclaimerSchema = z.object({
  disclaimer: z.literal('on', { errorMap: () => ({ message: 'Please accept the disclaimer to continue' }) }),
});

function personalSchema(rules: RuleContext) {
  const latestDob = addYears(rules.today, -EVENT_MIN_AGE_YEARS);
  return z
    .object({
      firstName: z.string({ required_error: 'First name is required.' }).trim().min(1).max(60),
      lastName: z.string({ required_error: 'Last name is required.' }).trim().min(1).max(60),
      email: z.string({ required_error: 'Email is required.' }).email(MESSAGES.email),
      gender: z.enum(['0', '1'], { errorMap: () => ({ message: 'Gender is required.' }) }),
      dob: z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter a valid date of birth')
        .refine((dob) => dob <= latestDob, `You must be at least ${EVENT_MIN_AGE_YEARS} years old`)
        .optional(),
      dobCertificate: uploadSchema(DOCUMENT_EXTENSIONS, FILE_TYPE_MESSAGE).optional(),
    })
    .superRefine((values, ctx) => {
      if (rules.dobRequired && !values.dob) {
        ctx.addIssue({ code: 'custom', path: ['dob'], message: 'Date of birth is required.' });
      }
      if (needsProofOfId(values.dob) && !values.dobCertificate) {
        ctx.addIssue({ code: 'custom', path: ['dobCertificate'], message: 'A proof of ID is required for your age group.' });
      }
    });
}

const riderSchema = z.object({
  height: integerText('Height', EVENT_RIDER_HEIGHT_MIN_CM, EVENT_RIDER_HEIGHT_MAX_CM),
  weight: integerText('Weight', EVENT_RIDER_WEIGHT_MIN_KG, EVENT_RIDER_WEIGHT_MAX_KG),
  ftp: z.string({ required_error: 'FTP is required.' }).regex(/^\d+$/, 'FTP should be numbers only.'),
  avg_watt: z.string().regex(/^\d+$/, 'Average watts should be numbers only.').optional(),
});

/** The rider step with the event's cap: outside it, registration is blocked (spec 3 §5). */
function riderStepSchema(rules: RuleContext) {
  return riderSchema.superRefine((values, ctx) => {
    const wkg = wattsPerKg(Number(values.ftp), Number(values.weight));
    if (!isWithinCap(wkg, { minCap: rules.minCap ?? null, maxCap: rules.maxCap ?? null })) {
      ctx.addIssue({ code: 'custom', path: ['ftp'], message: WRONG_CATEGORY_MESSAGE });
    }
  });
}

export const ID_TYPES = [
  { value: 'passport', label: 'Passport' },
  { value: 'national_id', label: 'National ID' },
  { value: 'driving_license', label: 'Driving licence' },
] as const;

function identitySchema(rules: RuleContext) {
  const earliestExpiry = addDays(rules.today, ID_EXPIRY_MIN_DAYS_AHEAD);
  const image = uploadSchema(IMAGE_EXTENSIONS, ID_IMAGE_TYPE_MESSAGE);
  return z
    .object({
      idType: z.enum(['passport', 'national_id', 'driving_license'], { errorMap: () => ({ message: 'Id type is required.' }) }),
      expiryDate: z
        .string({ required_error: 'Expiry date is required.' })
        .regex(/^\d{4}-\d{2}-\d{2}$/, 'Please enter a valid expiry date')
        .refine((date) => date >= earliestExpiry, `The expiry date must be at least ${ID_EXPIRY_MIN_DAYS_AHEAD} days from today`),
      idSource: z.enum(['existing', 'upload']).default('upload'),
      nationalIdFront: image.optional(),
      nationalIdBack: image.optional(),
    })
    .superRefine((values, ctx) => {
      if (values.idSource === 'existing') {
        if (!rules.hasExistingIdFiles) ctx.addIssue({ code: 'custom', path: ['idSource'], message: 'You have no saved files; please upload new ones.' });
        return;
      }
      if (!values.nationalIdFront) ctx.addIssue({ code: 'custom', path: ['nationalIdFront'], message: 'Front image is required.' });
      if (values.idType !== 'passport' && !values.nationalIdBack) {
        ctx.addIssue({ code: 'custom', path: ['nationalIdBack'], message: 'Back image is required.' });
      }
    });
}

const deviceSchema = z.object({
  platform: z.enum(['iOS', 'Android'], { errorMap: () => ({ message: 'Platform is required.' }) }),
  smartTrainerDeviceModelName: z.string({ required_error: 'Model name is required.' }).trim().min(1).max(100),
  smartTrainerDeviceSerialNumber: z.string({ required_error: 'Serial number is required.' }).trim().min(1).max(100),
});

const teamSchema = z
  .object({
    team: z.enum(['y', 'i']).default('i'),
    teamName: z.string().trim().max(60).optional(),
  })
  .superRefine((values, ctx) => {
    if (values.team === 'y' && !values.teamName) ctx.addIssue({ code: 'custom', path: ['teamName'], message: 'required' });
  });

const phoneSchema = z.object({
  phone: phoneNumberSchema,
  type: phoneChannelSchema,
  phoneKey: z.string({ required_error: PHONE_NOT_VERIFIED_MESSAGE }).min(1, PHONE_NOT_VERIFIED_MESSAGE),
  agree: z.literal('on', { errorMap: () => ({ message: TERMS_MESSAGE }) }),
});

/** The schema of one step, for the browser's NEXT. */
export function stepSchema(step: WizardStep, rules: RuleContext) {
  switch (step) {
    case 'disclaimer':
      return disclaimerSchema;
    case 'personal':
      return personalSchema(rules);
    case 'rider':
      return riderStepSchema(rules);
    case 'identity':
      return identitySchema(rules);
    case 'device':
      return deviceSchema;
    case 'team':
      return teamSchema;
    case 'phone':
      return phoneSchema;
  }
}

/**
 * The whole submission: every step the event requires, merged. Steps the event does not
 * need are left out, so their fields are ignored even if a client sends them.
 */
export function registrationSchema(requirements: StepRequirements, rules: RuleContext) {
  const [first, ...rest] = requiredSteps(requirements).map((step) => stepSchema(step, rules) as z.ZodTypeAny);
  return rest.reduce<z.ZodTypeAny>((merged, schema) => merged.and(schema), first) as z.ZodType<RegistrationValues>;
}

export type ReadRegistration = { ok: true; values: RegistrationValues; wkg: number } | { ok: false; reply: SubmissionResult<string[]> };

/**
 * A whole submission read once, with the same step schemas the browser used (the event's cap
 * included): its values and W/kg, or the reply naming each step that was left out. The
 * server's one call into the rules before it books the place.
 */
export function readRegistration(formData: FormData, requirements: StepRequirements, rules: RuleContext): ReadRegistration {
  const submission = parseWithZod(formData, { schema: registrationSchema(requirements, rules) });
  if (submission.status !== 'success') {
    const incomplete = skippedSteps(formData, requirements);
    return { ok: false, reply: submission.reply({ formErrors: incomplete.map((step) => `Please complete the ${STEP_TITLES[step]} step.`) }) };
  }
  return { ok: true, values: submission.value, wkg: wattsPerKg(Number(submission.value.ftp), Number(submission.value.weight)) };
}

export interface RegistrationValues {
  disclaimer: 'on';
  firstName: string;
  lastName: string;
  email: string;
  gender: '0' | '1';
  dob?: string;
  dobCertificate?: File;
  height: string;
  weight: string;
  ftp: string;
  avg_watt?: string;
  idType?: 'passport' | 'national_id' | 'driving_license';
  expiryDate?: string;
  idSource?: 'existing' | 'upload';
  nationalIdFront?: File;
  nationalIdBack?: File;
  platform?: 'iOS' | 'Android';
  smartTrainerDeviceModelName?: string;
  smartTrainerDeviceSerialNumber?: string;
  team?: 'y' | 'i';
  teamName?: string;
  phone?: string;
  type?: 'sms' | 'whatsapp';
  phoneKey?: string;
  agree?: 'on';
}
