import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { db } from '~/db/client.server';
import { users } from '~/db/schema';
import { AVATAR_MAX_BYTES, AVATAR_SIZE_PX, CUSTOM_AVATAR_MIN_PATH_CHARS } from '~/lib/constants';
import { IMAGE_TYPES, sniffFileType } from '~/lib/file-signature';
import { storage } from '../adapters/storage.server';
import { setFtp } from '../activities/ftp-history.server';
import { identityOf } from './identity.server';
import { recordConsents } from './consents.server';
import { recordWeight } from '../activities/weight-history.server';

/** The profile (spec 1 §2 Profile, §3 profile form, §5 Profile update). */
const DEFAULT_AVATAR_PATH = '/images/avatar.svg';
const INVALID_IMAGE_MESSAGE = 'Invalid Image Type';

export const isCustomAvatar = (path: string | null | undefined) => (path?.length ?? 0) >= CUSTOM_AVATAR_MIN_PATH_CHARS;

/** The profile as the page shows it, from an account row the caller already holds (the guard's). */
export function profileOf(user: typeof users.$inferSelect) {
  return {
    ...identityOf(user),
    country: user.country,
    dob: user.dob,
    weight: user.weightKg,
    height: user.heightCm,
    ftp: user.ftpW,
    marketingConsent: user.marketingConsent,
    avatar: user.avatarPath ?? DEFAULT_AVATAR_PATH,
    avatarUrl: user.avatarPath ? `/avatar/${user.id}?v=${encodeURIComponent(user.avatarPath.slice(-12))}` : DEFAULT_AVATAR_PATH,
  };
}

export async function getProfile(userId: string) {
  const [user] = await db().select().from(users).where(eq(users.id, userId));
  return user ? profileOf(user) : null;
}
export type Profile = NonNullable<Awaited<ReturnType<typeof getProfile>>>;

export interface ProfileUpdate {
  firstname: string;
  lastname: string;
  country: number;
  /** Ignored for child accounts: their date of birth cannot change. */
  dob?: string;
  weight: number;
  height: number;
  marketingConsent: boolean;
  /** The FTP the rider sets (null: derived from rides); a change is in force from `now` (decision 106). Left as is when omitted. */
  ftpW?: number | null;
}

export async function updateProfile(userId: string, update: ProfileUpdate, now = new Date()): Promise<void> {
  const [user] = await db().select().from(users).where(eq(users.id, userId));
  if (!user) throw new Error('No such account');
  await db().transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        firstname: update.firstname,
        lastname: update.lastname,
        country: update.country,
        weightKg: update.weight,
        heightCm: update.height,
        marketingConsent: update.marketingConsent,
        ...(user.isKid || !update.dob ? {} : { dob: update.dob }),
      })
      .where(eq(users.id, userId));
    // A marketing choice given or withdrawn is a consent record of its own (decision 176).
    if (user.marketingConsent !== update.marketingConsent) {
      await recordConsents(tx, userId, [{ subject: 'marketing-emails', granted: update.marketingConsent }], { source: 'profile', at: now });
    }
  });
  if (user.weightKg !== update.weight) await recordWeight(userId, update.weight, now);
  if (update.ftpW !== undefined && user.ftpW !== update.ftpW) await setFtp(userId, update.ftpW, now);
}

/** Judges the upload by its bytes, stores a 200x200 JPEG, and drops the previous custom avatar. */
export async function setAvatar(userId: string, bytes: Uint8Array): Promise<{ ok: true } | { ok: false; message: string }> {
  const type = sniffFileType(bytes);
  if (bytes.byteLength > AVATAR_MAX_BYTES || !type || !IMAGE_TYPES.includes(type)) return { ok: false, message: INVALID_IMAGE_MESSAGE };
  let resized: Buffer;
  try {
    resized = await sharp(bytes).rotate().resize(AVATAR_SIZE_PX, AVATAR_SIZE_PX, { fit: 'cover' }).jpeg({ quality: 85 }).toBuffer();
  } catch {
    return { ok: false, message: INVALID_IMAGE_MESSAGE };
  }
  const key = await storage().put('avatars', resized, 'jpg');
  const [previous] = await db().select({ avatarPath: users.avatarPath }).from(users).where(eq(users.id, userId));
  await db().update(users).set({ avatarPath: key }).where(eq(users.id, userId));
  if (previous?.avatarPath?.startsWith('avatars/')) await storage().delete(previous.avatarPath);
  return { ok: true };
}

export async function removeAvatar(userId: string): Promise<void> {
  const [previous] = await db().select({ avatarPath: users.avatarPath }).from(users).where(eq(users.id, userId));
  await db().update(users).set({ avatarPath: null }).where(eq(users.id, userId));
  if (previous?.avatarPath?.startsWith('avatars/')) await storage().delete(previous.avatarPath);
}

export async function readAvatar(userId: string): Promise<Uint8Array | null> {
  const [user] = await db().select({ avatarPath: users.avatarPath }).from(users).where(eq(users.id, userId));
  if (!user?.avatarPath?.startsWith('avatars/')) return null;
  return storage().get(user.avatarPath);
}
