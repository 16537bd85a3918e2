import { eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { walletVerificationRequests } from '~/db/schema';
import { WALLET_UPLOAD_MAX_BYTES } from '~/lib/constants';
import { sniffFileType, type SniffedType } from '~/lib/file-signature';
import { WALLET_MESSAGES as M } from '~/lib/wallet/messages';
import type { VerificationInput } from '~/lib/wallet/verification-schema';
import { walletPhone } from '~/lib/wallet/verification-schema';
import { sendMail } from '../adapters/mail.server';
import { SmsDeliveryError } from '../adapters/sms.server';
import { storage } from '../adapters/storage.server';
import { sendPhoneCode, verifyPhoneCode } from '../events/phone-verification.server';
import { checkCode, issueVerification } from '../accounts/verification.server';
import { latestVerification, type WalletOwner } from './wallet.server';

/**
 * Wallet account verification (spec 1 §2 Account verification form, §4, §5): the two code
 * buttons reuse the phone-code store and the one-time-code store, the files are judged by
 * their bytes, and the submission waits for staff review (wallet-review.server.ts).
 */
export type CodeOutcome = { ok: true; key: string; message: string } | { ok: false; message: string };

export async function requestWalletPhoneCode(owner: WalletOwner, phone: string, country: string): Promise<CodeOutcome> {
  const e164 = walletPhone(phone, country);
  if (!e164) return { ok: false, message: M.phoneInvalid };
  try {
    const sent = await sendPhoneCode({ userId: owner.id, phone: e164, channel: 'sms' });
    return sent.ok ? { ok: true, key: sent.value.key, message: M.phoneCodeSent } : { ok: false, message: sent.message };
  } catch (error) {
    if (error instanceof SmsDeliveryError) return { ok: false, message: M.codeFailed };
    throw error;
  }
}

export async function requestWalletEmailCode(owner: WalletOwner & { firstname: string }, email: string): Promise<CodeOutcome> {
  const issued = await issueVerification(owner.id, 'wallet-email', email.trim());
  await sendMail({
    to: email.trim(),
    subject: 'Your Paceline wallet verification code',
    text: `Hi ${owner.firstname},\n\nYour wallet verification code is ${issued.code}. It expires in 10 minutes.\n\n— Paceline`,
    meta: { kind: 'wallet-email', code: issued.code },
    accountId: owner.id,
  });
  return { ok: true, key: issued.key, message: M.emailCodeSent };
}

const PASSPORT_TYPES: SniffedType[] = ['jpeg', 'png'];

/** Judges one upload by its size and bytes: the bytes and their type, or the message. */
async function judgeImage(file: File): Promise<{ bytes: Uint8Array; type: SniffedType } | { error: string }> {
  if (file.size > WALLET_UPLOAD_MAX_BYTES) return { error: M.fileSize };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffFileType(bytes);
  if (!type || !PASSPORT_TYPES.includes(type)) return { error: M.fileType };
  return { bytes, type };
}

/** Checks one upload by its bytes and keeps it; an error message otherwise. */
async function keepImage(file: File): Promise<{ key: string } | { error: string }> {
  const judged = await judgeImage(file);
  if ('error' in judged) return judged;
  return { key: await storage().put('wallet', judged.bytes, judged.type === 'jpeg' ? 'jpg' : judged.type) };
}

const chosen = (value: unknown): value is File => value instanceof File && value.size > 0;

/**
 * The uploads' messages for a form the schema refused (decision 182): the files chosen are judged
 * by their bytes now, nothing is kept, so the answer names them with the form's other messages.
 */
export async function uploadErrors(passport: unknown, screenshots: unknown[]): Promise<Record<string, string[]>> {
  const errors: Record<string, string[]> = {};
  const judged = async (name: string, file: unknown) => {
    if (!chosen(file)) return;
    const result = await judgeImage(file);
    if ('error' in result) errors[name] = [result.error];
  };
  await judged('passport_proof', passport);
  for (const [index, file] of screenshots.entries()) await judged(`binance_screenshot[${index}]`, file);
  return errors;
}

export type VerificationOutcome = { ok: true } | { ok: false; message?: string; fieldErrors?: Record<string, string[]>; alreadyVerified?: boolean };

/**
 * Files first (so a bad file does not spend the codes), then the codes, then the request.
 * Each code must have been sent to exactly the address and phone submitted.
 */
export async function submitWalletVerification(owner: WalletOwner, input: VerificationInput): Promise<VerificationOutcome> {
  const current = await latestVerification(owner.id);
  if (current?.status === 'approved') return { ok: false, alreadyVerified: true, message: M.alreadyVerified };
  if (current?.status === 'pending') return { ok: false, message: M.verificationPending };

  const fieldErrors: Record<string, string[]> = {};
  const kept: string[] = [];
  const passport = await keepImage(input.passport_proof);
  if ('error' in passport) fieldErrors.passport_proof = [passport.error];
  else kept.push(passport.key);
  const screenshots: string[] = [];
  for (const [index, file] of input.binance_screenshot.entries()) {
    const result = await keepImage(file);
    if ('error' in result) fieldErrors[`binance_screenshot[${index}]`] = [result.error];
    else {
      screenshots.push(result.key);
      kept.push(result.key);
    }
  }
  const discard = () => Promise.all(kept.map((key) => storage().delete(key)));
  if ('error' in passport || Object.keys(fieldErrors).length > 0) {
    await discard();
    return { ok: false, fieldErrors };
  }

  const email = input.binance_email.trim().toLowerCase();
  const emailCheck = input.email_key ? await checkCode(input.email_key, input.email_otp, 'wallet-email') : null;
  if (!emailCheck?.ok || emailCheck.userId !== owner.id || emailCheck.sentTo !== email) fieldErrors.email_otp = [M.codeIncorrect];
  const phone = walletPhone(input.phone_number, input.phone_country)!;
  const phoneCheck = input.phone_key ? await verifyPhoneCode({ userId: owner.id, key: input.phone_key, code: input.phone_otp.trim() }) : null;
  if (!phoneCheck?.ok || phoneCheck.value.phone !== phone) fieldErrors.phone_otp = [M.codeIncorrect];
  if (Object.keys(fieldErrors).length > 0) {
    await discard();
    return { ok: false, fieldErrors };
  }

  // The partial unique index allows one pending request per rider: a double submit inserts once.
  const inserted = await db()
    .insert(walletVerificationRequests)
    .values({
      userId: owner.id,
      binanceEmail: email,
      phoneNumber: phone,
      walletAddress: input.wallet_address.trim(),
      passportKey: passport.key,
      screenshotKeys: screenshots,
    })
    .onConflictDoNothing()
    .returning({ id: walletVerificationRequests.id });
  if (inserted.length === 0) {
    await discard();
    return { ok: false, message: M.verificationPending };
  }
  return { ok: true };
}

/** One file of a verification request, for staff. */
export async function readVerificationFile(requestId: number, index: number): Promise<Uint8Array | null> {
  if (!Number.isInteger(index) || index < 0) return null;
  const [row] = await db()
    .select({ passport: walletVerificationRequests.passportKey, screenshots: walletVerificationRequests.screenshotKeys })
    .from(walletVerificationRequests)
    .where(eq(walletVerificationRequests.id, requestId));
  const key = index === 0 ? row?.passport : row?.screenshots[index - 1];
  return key ? storage().get(key) : null;
}
