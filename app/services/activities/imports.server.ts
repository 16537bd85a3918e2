import { and, asc, desc, eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { thirdPartyImports, users } from '~/db/schema';
import type { ImportStatus } from '~/lib/domain/activities';
import { IMPORT_PROOF_MAX_BYTES, IMPORT_PROOF_MAX_FILES } from '~/lib/constants';
import type { ApprovedImportRow } from '~/lib/activities/types';
import { IMAGE_TYPES, MIME_OF, sniffFileType, type SniffedType } from '~/lib/file-signature';
import { storage } from '../adapters/storage.server';
import { invalidateRiderPage } from '~/db/rider-reads.server';
import { isUuid } from '~/lib/domain/ids';
import { IMPORT_MESSAGES } from '~/lib/activities/import-rules';

export type BannerState = 'none' | 'submitted' | 'approved' | 'rejected';

/** The import banner's state (spec 2 §4): the latest request, approved only until seen. */
export async function getImportBanner(userId: string): Promise<{ state: BannerState; hasApproved: boolean }> {
  const rows = await db()
    .select({ status: thirdPartyImports.status, hasSeen: thirdPartyImports.hasSeen })
    .from(thirdPartyImports)
    .where(eq(thirdPartyImports.userId, userId))
    .orderBy(desc(thirdPartyImports.createdAt));
  const hasApproved = rows.some((row) => row.status === 'approved');
  const latest = rows[0];
  if (!latest) return { state: 'none', hasApproved };
  if (latest.status === 'approved' && latest.hasSeen) return { state: 'none', hasApproved };
  return { state: latest.status, hasApproved };
}

/** The rider's approved imports, newest first: the platform rows under the ACTIVITIES table (decision 046). */
export async function listApprovedImports(userId: string): Promise<ApprovedImportRow[]> {
  const rows = await db()
    .select({
      id: thirdPartyImports.id,
      platform: thirdPartyImports.platform,
      reviewedAt: thirdPartyImports.reviewedAt,
      timeS: thirdPartyImports.totalRideTimeS,
      distanceKm: thirdPartyImports.totalDistanceKm,
      elevationM: thirdPartyImports.totalElevationM,
    })
    .from(thirdPartyImports)
    .where(and(eq(thirdPartyImports.userId, userId), eq(thirdPartyImports.status, 'approved')))
    .orderBy(desc(thirdPartyImports.reviewedAt), desc(thirdPartyImports.createdAt));
  return rows.map(({ reviewedAt, ...row }) => ({ ...row, approvedAt: reviewedAt?.toISOString() ?? null }));
}

/** set-user-has-seen: Got It hides the approved banner for good. */
export async function markImportSeen(userId: string): Promise<void> {
  await db()
    .update(thirdPartyImports)
    .set({ hasSeen: true })
    .where(and(eq(thirdPartyImports.userId, userId), eq(thirdPartyImports.status, 'approved')));
  invalidateRiderPage(userId);
}

export interface ProofFile {
  name: string;
  bytes: Uint8Array;
}

export interface ImportSubmission {
  platform: (typeof thirdPartyImports.$inferInsert)['platform'];
  days: number;
  hours: number;
  minutes: number;
  distance: number;
  distanceUnit: 'kilometers' | 'miles';
  elevationM: number;
  profileLink: string;
  files: ProofFile[];
}

const KM_PER_MILE = 1.609344;

/** Checks proof files by content: images and PDF only, at most 10, 8 MB each. */
export function checkProofFiles(files: ProofFile[]): { ok: true; types: SniffedType[] } | { ok: false; message: string } {
  if (files.length === 0) return { ok: false, message: IMPORT_MESSAGES.proofFile };
  if (files.length > IMPORT_PROOF_MAX_FILES) return { ok: false, message: IMPORT_MESSAGES.tooManyFiles };
  const types: SniffedType[] = [];
  for (const file of files) {
    if (file.bytes.byteLength > IMPORT_PROOF_MAX_BYTES) return { ok: false, message: IMPORT_MESSAGES.proofSize };
    const type = sniffFileType(file.bytes);
    if (!type || (type !== 'pdf' && !IMAGE_TYPES.includes(type))) return { ok: false, message: IMPORT_MESSAGES.proofType };
    types.push(type);
  }
  return { ok: true, types };
}

async function pendingImportOf(userId: string): Promise<string | undefined> {
  const [row] = await db()
    .select({ id: thirdPartyImports.id })
    .from(thirdPartyImports)
    .where(and(eq(thirdPartyImports.userId, userId), eq(thirdPartyImports.status, 'submitted')));
  return row?.id;
}

/** One pending request per rider (a unique index, issue 15 item 8): a repeat answers with the pending one and stores no files. */
export async function submitImport(userId: string, submission: ImportSubmission): Promise<{ id: string }> {
  const checked = checkProofFiles(submission.files);
  if (!checked.ok) throw new Error(checked.message);
  const pending = await pendingImportOf(userId);
  if (pending) return { id: pending };
  const proofFiles = [];
  for (const [index, file] of submission.files.entries()) {
    const type = checked.types[index];
    const key = await storage().put('imports', file.bytes, type === 'jpeg' ? 'jpg' : type);
    proofFiles.push({ key, type, name: file.name.slice(0, 200) });
  }
  const distanceKm = submission.distanceUnit === 'miles' ? submission.distance * KM_PER_MILE : submission.distance;
  const inserted = db()
    .insert(thirdPartyImports)
    .values({
      userId,
      platform: submission.platform,
      totalRideTimeS: ((submission.days * 24 + submission.hours) * 60 + submission.minutes) * 60,
      totalDistanceKm: distanceKm,
      totalElevationM: submission.elevationM,
      profileLink: submission.profileLink,
      proofFiles,
    })
    .onConflictDoNothing()
    .returning({ id: thirdPartyImports.id });
  const [row] = await inserted;
  if (!row) {
    // Another request of this rider won the race: keep its files, drop ours.
    for (const file of proofFiles) await storage().delete(file.key);
    const winner = await pendingImportOf(userId);
    if (!winner) throw new Error('the pending import changed while this one was stored');
    return { id: winner };
  }
  invalidateRiderPage(userId);
  return { id: row.id };
}

/** Staff review queue: submitted requests, oldest first, with the rider's name. */
export async function listSubmittedImports() {
  return db()
    .select({
      id: thirdPartyImports.id,
      platform: thirdPartyImports.platform,
      totalRideTimeS: thirdPartyImports.totalRideTimeS,
      totalDistanceKm: thirdPartyImports.totalDistanceKm,
      totalElevationM: thirdPartyImports.totalElevationM,
      profileLink: thirdPartyImports.profileLink,
      proofFiles: thirdPartyImports.proofFiles,
      createdAt: thirdPartyImports.createdAt,
      firstname: users.firstname,
      lastname: users.lastname,
      email: users.email,
    })
    .from(thirdPartyImports)
    .innerJoin(users, eq(users.id, thirdPartyImports.userId))
    .where(eq(thirdPartyImports.status, 'submitted'))
    .orderBy(asc(thirdPartyImports.createdAt));
}

export async function reviewImport(staffId: string, importId: string, decision: Exclude<ImportStatus, 'submitted'>): Promise<boolean> {
  const userId = await db().transaction(async (tx) => {
    const [row] = await tx
      .select({ status: thirdPartyImports.status, userId: thirdPartyImports.userId })
      .from(thirdPartyImports)
      .where(eq(thirdPartyImports.id, importId))
      .for('update');
    if (!row || row.status !== 'submitted') return null;
    // Naming the rider keeps the write to their rows (decision 145): other riders' pages stay kept.
    await tx
      .update(thirdPartyImports)
      .set({ status: decision, reviewedBy: staffId, reviewedAt: new Date() })
      .where(and(eq(thirdPartyImports.id, importId), eq(thirdPartyImports.userId, row.userId)));
    return row.userId;
  });
  if (userId) invalidateRiderPage(userId);
  return userId !== null;
}

/** A proof file for the staff page (the route checks the reader is staff). */
export async function getProofFile(importId: string, index: number): Promise<{ bytes: Uint8Array; contentType: string } | null> {
  if (!isUuid(importId)) return null;
  const [row] = await db().select({ proofFiles: thirdPartyImports.proofFiles }).from(thirdPartyImports).where(eq(thirdPartyImports.id, importId));
  const file = row?.proofFiles[index];
  if (!file) return null;
  const bytes = await storage().get(file.key);
  return bytes ? { bytes, contentType: MIME_OF[file.type as SniffedType] ?? 'application/octet-stream' } : null;
}
