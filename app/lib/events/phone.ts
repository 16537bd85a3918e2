import { isValidPhoneNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { z } from 'zod';
import { DEFAULT_PHONE_COUNTRY, PHONE_CODE_MIN_DIGITS, PHONE_MAX_DIGITS, PHONE_MIN_DIGITS } from '~/lib/constants';

/** Phone numbers and codes of the wizard's PHONE VERIFICATION step (spec 3 §5 "Phone step", §9). */
export const PHONE_MESSAGE = 'Please enter a valid phone number';
export const PHONE_CODE_MESSAGES = {
  expired: 'This code has expired. Please request a new one.',
  wrong: 'The code is not correct.',
} as const;

/** Spec 3 §5: numeric, 6 to 11 digits, and valid for its country (default AE, +971). */
export function normalisePhone(phone: string, country: CountryCode = DEFAULT_PHONE_COUNTRY): string | null {
  const digits = phone.replace(/[\s-]/g, '');
  const national = digits.replace(/^\+\d{1,3}/, '');
  if (!/^\+?\d+$/.test(digits)) return null;
  if (!digits.startsWith('+') && (national.length < PHONE_MIN_DIGITS || national.length > PHONE_MAX_DIGITS)) return null;
  if (!isValidPhoneNumber(digits, country)) return null;
  return parsePhoneNumberFromString(digits, country)?.number ?? null;
}

export const phoneNumberSchema = z.string({ required_error: PHONE_MESSAGE }).refine((phone) => normalisePhone(phone) !== null, PHONE_MESSAGE);

export const phoneCodeSchema = z
  .string({ required_error: 'Code is required.' })
  .regex(new RegExp(`^\\d{${PHONE_CODE_MIN_DIGITS},}$`), `The code must be at least ${PHONE_CODE_MIN_DIGITS} digits`);

export const phoneChannelSchema = z.enum(['sms', 'whatsapp']).default('sms');
