import { isValidPhoneNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { validate as isBtcAddress } from 'bitcoin-address-validation';
import { z } from 'zod';
import { DEFAULT_PHONE_COUNTRY, WALLET_SCREENSHOTS_MAX, WALLET_UPLOAD_MAX_BYTES } from '~/lib/constants';
import { withCrossFieldRules } from '~/lib/form-rules';
import { WALLET_MESSAGES as M } from './messages';

/** The phone in E.164 for the chosen country, or null (spec 1 §5 "valid for the chosen country in E.164 form"). */
export function walletPhone(phone: string | undefined, country: string | undefined): string | null {
  if (!phone?.trim()) return null;
  const region = (country || DEFAULT_PHONE_COUNTRY) as CountryCode;
  try {
    if (!isValidPhoneNumber(phone, region)) return null;
    return parsePhoneNumberFromString(phone, region)?.number ?? null;
  } catch {
    return null;
  }
}

/** The Binance e-mail; the page also reads it to open the e-mail code button. */
export const binanceEmailSchema = z.string({ required_error: M.binanceEmailRequired }).trim().min(1, M.binanceEmailRequired).email(M.emailInvalid);

/** Size is checked here too; the type is judged by the bytes on the server (file-signature). */
const file = (required: string) => z.instanceof(File, { message: required }).refine((value) => value.size <= WALLET_UPLOAD_MAX_BYTES, M.fileSize);

// Every message at once (decision 182): the phone is judged with its country beside the other fields.
export const verificationSchema = withCrossFieldRules(
  z.object({
    binance_email: binanceEmailSchema,
    phone_country: z.string().default(DEFAULT_PHONE_COUNTRY),
    phone_number: z.string({ required_error: M.phoneInvalid }),
    wallet_address: z
      .string({ required_error: M.walletAddressRequired })
      .trim()
      .min(1, M.walletAddressRequired)
      .refine((value) => isBtcAddress(value), M.walletAddressInvalid),
    phone_otp: z.string({ required_error: M.phoneOtpRequired }).trim().min(1, M.phoneOtpRequired),
    email_otp: z.string({ required_error: M.emailOtpRequired }).trim().min(1, M.emailOtpRequired),
    phone_key: z.string().optional(),
    email_key: z.string().optional(),
    passport_proof: file(M.passportRequired),
    binance_screenshot: z
      .array(file(M.screenshotRequired), { required_error: M.screenshotRequired })
      .min(1, M.screenshotRequired)
      .max(WALLET_SCREENSHOTS_MAX, M.tooManyScreenshots),
    terms_accepted: z.literal('on', { errorMap: () => ({ message: M.termsRequired }) }),
  }),
  (values, context) => {
    // A phone left empty already has its message from its own rule.
    if (values.phone_number !== undefined && !walletPhone(values.phone_number, values.phone_country)) {
      context.addIssue({ code: z.ZodIssueCode.custom, path: ['phone_number'], message: M.phoneInvalid });
    }
  },
);
export type VerificationInput = z.infer<typeof verificationSchema>;

export const phoneCodeRequestSchema = z.object({ phone_number: z.string(), phone_country: z.string().default(DEFAULT_PHONE_COUNTRY) });
export const emailCodeRequestSchema = z.object({ email: binanceEmailSchema });
