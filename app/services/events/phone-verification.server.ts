import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { db, type Transaction } from '~/db/client.server';
import { phoneVerifications } from '~/db/schema';
import { PHONE_CODE_MAX_ATTEMPTS, PHONE_CODE_TTL_MS, PHONE_VERIFIED_VALID_MS } from '~/lib/constants';
import { normalisePhone, PHONE_CODE_MESSAGES, PHONE_MESSAGE } from '~/lib/events/phone';
import { sendCode } from '../adapters/sms.server';

/**
 * The wizard's PHONE VERIFICATION step (spec 3 §4, §7 sendOtp/verifyOtp): a random 6-digit
 * code, stored hashed, single use, expiring, with a few tries; the browser keeps only the key.
 */
export type PhoneResult<T> = { ok: true; value: T } | { ok: false; message: string };

const hash = (code: string) => createHash('sha256').update(code).digest('hex');

export async function sendPhoneCode(input: {
  userId: string;
  phone: string;
  channel: 'sms' | 'whatsapp';
}): Promise<PhoneResult<{ key: string; phone: string }>> {
  const phone = normalisePhone(input.phone);
  if (!phone) return { ok: false, message: PHONE_MESSAGE };
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const key = randomBytes(18).toString('base64url');
  await db()
    .insert(phoneVerifications)
    .values({
      key,
      userId: input.userId,
      phone,
      channel: input.channel,
      codeHash: hash(code),
      expiresAt: new Date(Date.now() + PHONE_CODE_TTL_MS),
    });
  await sendCode({ channel: input.channel, to: phone, code, accountId: input.userId });
  return { ok: true, value: { key, phone } };
}

export async function verifyPhoneCode(input: { userId: string; key: string; code: string }): Promise<PhoneResult<{ phone: string }>> {
  const [row] = await db()
    .select()
    .from(phoneVerifications)
    .where(and(eq(phoneVerifications.key, input.key), eq(phoneVerifications.userId, input.userId)));
  if (!row || row.verifiedAt || row.expiresAt < new Date() || row.attempts >= PHONE_CODE_MAX_ATTEMPTS) {
    return { ok: false, message: PHONE_CODE_MESSAGES.expired };
  }
  const matches = timingSafeEqual(Buffer.from(hash(input.code)), Buffer.from(row.codeHash));
  if (!matches) {
    await db()
      .update(phoneVerifications)
      .set({ attempts: row.attempts + 1 })
      .where(eq(phoneVerifications.id, row.id));
    return { ok: false, message: PHONE_CODE_MESSAGES.wrong };
  }
  // Single use: only the request that flips verifiedAt from null wins.
  const updated = await db()
    .update(phoneVerifications)
    .set({ verifiedAt: new Date() })
    .where(and(eq(phoneVerifications.id, row.id), isNull(phoneVerifications.verifiedAt)))
    .returning({ phone: phoneVerifications.phone });
  if (updated.length === 0) return { ok: false, message: PHONE_CODE_MESSAGES.expired };
  return { ok: true, value: { phone: row.phone } };
}

/** Marks a verified phone as used by a registration; false when it is not verified, stale or used. */
export async function consumeVerifiedPhone(tx: Transaction, input: { userId: string; key: string; phone: string }): Promise<boolean> {
  const used = await tx
    .update(phoneVerifications)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(phoneVerifications.key, input.key),
        eq(phoneVerifications.userId, input.userId),
        eq(phoneVerifications.phone, input.phone),
        isNotNull(phoneVerifications.verifiedAt),
        isNull(phoneVerifications.usedAt),
        gt(phoneVerifications.verifiedAt, new Date(Date.now() - PHONE_VERIFIED_VALID_MS)),
      ),
    )
    .returning({ id: phoneVerifications.id });
  return used.length === 1;
}
