import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, inArray, lt, or } from 'drizzle-orm';
import { db, type Transaction } from '~/db/client.server';
import { dataExports, users } from '~/db/schema';
import { DATA_EXPORT_VALID_DAYS } from '~/lib/constants';
import type { DataExportStatus } from '~/lib/domain/accounts';
import { isUuid } from '~/lib/domain/ids';
import { sendExportConfirmationMail, sendExportReadyMail } from './account-mail.server';
import { storage } from '../adapters/storage.server';
import { defineJob, enqueueJob } from '../platform/jobs.server';
import { openRanged, type RangedDownload } from '../platform/byte-range.server';
import { storeZip } from '../platform/zip.server';
import { exportSources } from './data-export-archive.server';
import { queueObjectRemoval } from './deletion-jobs.server';
import { checkLink, issueVerification } from './verification.server';
import { INVALID_LINK_MESSAGE } from '~/lib/account-messages';

/**
 * A copy of all of a rider's data (GDPR art. 20, issue 26, decision 128). The rider asks on the
 * profile; for a child the parent confirms by an e-mailed link. A job (`account.build-export`)
 * builds one zip in the storage adapter's `exports` area; the rider downloads it from the profile
 * or the e-mailed link (signed in), a child's parent through a link of its own. It can be
 * downloaded for DATA_EXPORT_VALID_DAYS, then it is removed (retention), and with the account.
 */
export const EXPORT_MESSAGES = {
  requested: 'We are preparing a copy of your data. We will e-mail you when it is ready to download.',
  requestedForChild: 'We have sent your parent or guardian a link to confirm. Once they do, we prepare the copy and send it to them.',
  alreadyBuilding: 'A copy of your data is already being prepared.',
  parentConfirmed: 'Thank you. We are preparing the copy and will e-mail you a link to download it when it is ready.',
  invalidLink: INVALID_LINK_MESSAGE,
  gone: 'This copy has expired or does not exist. Please ask for a new one from your profile.',
} as const;

const DAY_MS = 86_400_000;

export interface ExportView {
  id: string;
  status: DataExportStatus;
  progress: number;
  sizeBytes: number | null;
  expiresAt: string | null;
}

/** The rider's newest copy, as the profile shows it; none once it has expired. */
export async function exportViewOf(userId: string, now = new Date()): Promise<ExportView | null> {
  const [row] = await db().select().from(dataExports).where(eq(dataExports.userId, userId)).orderBy(desc(dataExports.requestedAt)).limit(1);
  if (!row || (row.expiresAt && row.expiresAt <= now)) return null;
  return { id: row.id, status: row.status, progress: row.progress, sizeBytes: row.sizeBytes, expiresAt: row.expiresAt?.toISOString() ?? null };
}

export type ExportRequestOutcome = { ok: true; message: string; queued: string | null } | { ok: false; message: string };

/**
 * The profile's "Ask for a copy". One copy per rider at a time: asking while one is prepared
 * answers so; a ready copy is replaced. A child's request waits for the parent's link. The build
 * is queued in the request's transaction; `queued` is its export's id.
 */
export async function requestDataExport(userId: string): Promise<ExportRequestOutcome> {
  const outcome = await db().transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!user) throw new Error('No such account');
    const mine = await tx.select().from(dataExports).where(eq(dataExports.userId, userId));
    const forChild = user.isKid && Boolean(user.parentEmail);
    if (mine.some((row) => row.status === 'queued' || row.status === 'building')) return { ok: false as const, message: EXPORT_MESSAGES.alreadyBuilding };
    await removeExports(
      tx,
      mine.filter((row) => row.status !== 'waiting-for-parent'),
    );
    if (forChild) {
      const waiting = mine.find((row) => row.status === 'waiting-for-parent');
      if (!waiting) await tx.insert(dataExports).values({ userId, status: 'waiting-for-parent' });
      return { ok: true as const, message: EXPORT_MESSAGES.requestedForChild, queued: null, parent: { to: user.parentEmail!, childName: user.firstname } };
    }
    const [created] = await tx.insert(dataExports).values({ userId, status: 'queued' }).returning({ id: dataExports.id });
    await queueBuild(tx, created.id);
    return { ok: true as const, message: EXPORT_MESSAGES.requested, queued: created.id, parent: null };
  });
  if (!outcome.ok) return outcome;
  if (outcome.parent) {
    const issued = await issueVerification(userId, 'export-data', outcome.parent.to);
    await sendExportConfirmationMail(outcome.parent.to, outcome.parent.childName, issued.linkToken, userId);
  }
  return { ok: true, message: outcome.message, queued: outcome.queued };
}

/** The parent's link (`/data-export/confirm/{code}`): the child's waiting copy is queued. */
export async function confirmChildExport(linkToken: string): Promise<{ ok: boolean; message: string }> {
  const confirmed = await db().transaction(async (tx) => {
    const check = await checkLink(linkToken, 'export-data', new Date(), tx);
    if (!check.ok) return false;
    const [waiting] = await tx
      .update(dataExports)
      .set({ status: 'queued' })
      .where(and(eq(dataExports.userId, check.userId), eq(dataExports.status, 'waiting-for-parent')))
      .returning({ id: dataExports.id });
    if (!waiting) return false;
    await queueBuild(tx, waiting.id);
    return true;
  });
  return confirmed ? { ok: true, message: EXPORT_MESSAGES.parentConfirmed } : { ok: false, message: EXPORT_MESSAGES.invalidLink };
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The job's start: the export moves to building (again, after a crash), its half-made object from a previous run removed. */
async function startBuilding(exportId: string) {
  const [row] = await db()
    .update(dataExports)
    .set({ status: 'building', progress: 0 })
    .where(and(eq(dataExports.id, exportId), inArray(dataExports.status, ['queued', 'building'])))
    .returning();
  if (row?.storageKey) {
    await storage().delete(row.storageKey);
    await db().update(dataExports).set({ storageKey: null }).where(ownExport(row));
  }
  return row ?? null;
}

/**
 * One rider's export, named by its owner too: a write by id alone would stale every rider's My
 * Data tab (decision 145); each progress step is one.
 */
const ownExport = (row: { id: string; userId: string }) => and(eq(dataExports.id, row.id), eq(dataExports.userId, row.userId));

async function recordProgress(row: { id: string; userId: string }, progress: number): Promise<void> {
  await db()
    .update(dataExports)
    .set({ progress: Math.min(99, Math.max(0, Math.round(progress))) })
    .where(and(ownExport(row), eq(dataExports.status, 'building')));
}

/**
 * The zip is stored: the export becomes ready for DATA_EXPORT_VALID_DAYS and the download link is
 * e-mailed (to the parent, with a token of its own, for a child). False when the export or the
 * account went meanwhile: the caller removes the object.
 */
async function finishBuilding(built: { id: string; userId: string }, storageKey: string, sizeBytes: number, now = new Date()): Promise<boolean> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db()
    .update(dataExports)
    .set({
      status: 'ready',
      progress: 100,
      storageKey,
      sizeBytes,
      readyAt: now,
      expiresAt: new Date(now.getTime() + DATA_EXPORT_VALID_DAYS * DAY_MS),
      downloadTokenHash: hashToken(token),
    })
    .where(and(ownExport(built), eq(dataExports.status, 'building')))
    .returning({ userId: dataExports.userId });
  if (!row) return false;
  const [owner] = await db().select().from(users).where(eq(users.id, row.userId));
  if (owner.isKid && owner.parentEmail) await sendExportReadyMail(owner.parentEmail, `/data-export/${token}`, { childName: owner.firstname }, owner.id);
  else await sendExportReadyMail(owner.email, `/user/data-export/${built.id}`, null, owner.id);
  return true;
}

async function markFailed(row: { id: string; userId: string }): Promise<void> {
  await db()
    .update(dataExports)
    .set({ status: 'failed' })
    .where(and(ownExport(row), eq(dataExports.status, 'building')));
}

/** The stored zip, streamed from storage (a `Range` header gets those bytes: a resumed download). */
async function downloadOf(row: typeof dataExports.$inferSelect | undefined, rangeHeader: string | null, now: Date): Promise<RangedDownload | null> {
  if (!row || row.status !== 'ready' || !row.storageKey || !row.expiresAt || row.expiresAt <= now) return null;
  return openRanged(row.storageKey, rangeHeader, { filename: `paceline-data-${row.readyAt!.toISOString().slice(0, 10)}.zip`, contentType: 'application/zip' });
}

/**
 * The rider's own copy (signed in): null for anyone else's, an expired or an unfinished one, and
 * for a child, whose copy goes to the parent (decision 128).
 */
export async function ownExportDownload(userId: string, exportId: string, rangeHeader: string | null = null, now = new Date()): Promise<RangedDownload | null> {
  if (!isUuid(exportId)) return null;
  const [found] = await db()
    .select({ row: dataExports, isKid: users.isKid })
    .from(dataExports)
    .innerJoin(users, eq(users.id, dataExports.userId))
    .where(and(eq(dataExports.id, exportId), eq(dataExports.userId, userId)));
  return found && !found.isKid ? downloadOf(found.row, rangeHeader, now) : null;
}

/** A child's copy through the link e-mailed to the parent. */
export async function parentExportDownload(token: string, rangeHeader: string | null = null, now = new Date()): Promise<RangedDownload | null> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [row] = await db()
    .select()
    .from(dataExports)
    .where(eq(dataExports.downloadTokenHash, hashToken(token)));
  return downloadOf(row, rangeHeader, now);
}

async function removeExports(executor: Transaction, rows: Array<typeof dataExports.$inferSelect>): Promise<void> {
  if (rows.length === 0) return;
  // Named by their owners too (decision 145): a rider's new request, or the hourly pruning, stales only their tabs.
  await executor.delete(dataExports).where(
    and(
      inArray(
        dataExports.id,
        rows.map((row) => row.id),
      ),
      inArray(dataExports.userId, [...new Set(rows.map((row) => row.userId))]),
    ),
  );
  await queueObjectRemoval(
    executor,
    rows.flatMap((row) => (row.storageKey ? [row.storageKey] : [])),
  );
}

/** Retention: copies past their 7 days, failed ones, and requests a parent never confirmed within a week go. */
export async function pruneExpiredExports(now = new Date()): Promise<number> {
  const weekAgo = new Date(now.getTime() - DATA_EXPORT_VALID_DAYS * DAY_MS);
  return db().transaction(async (tx) => {
    const stale = await tx
      .select()
      .from(dataExports)
      .where(or(lt(dataExports.expiresAt, now), and(inArray(dataExports.status, ['failed', 'waiting-for-parent']), lt(dataExports.requestedAt, weekAgo))));
    await removeExports(tx, stale);
    return stale.length;
  });
}

/** Attempts of the build job after the first; the last failure marks the copy failed. */
const BUILD_RETRIES = 2;

/**
 * Builds one copy: the zip streamed from the rider's data, progress recorded as entries are read
 * (at most once a percent), stored, then ready and e-mailed. Idempotent: a second run starts
 * again and removes what a run that died left behind.
 */
async function buildExport(exportId: string, attempt: number): Promise<void> {
  const row = await startBuilding(exportId);
  if (!row) return;
  try {
    const sources = await exportSources(row.userId, row.id);
    let shown = 0;
    let progress = Promise.resolve();
    // Streamed into storage as it is built: never the whole archive in memory.
    const { key, sizeBytes } = await storeZip('exports', sources, (index) => {
      const percent = Math.floor(((index + 1) / sources.length) * 100);
      if (percent > shown) {
        shown = percent;
        progress = progress.then(() => recordProgress(row, percent));
      }
    });
    await progress;
    await db().update(dataExports).set({ storageKey: key }).where(ownExport(row));
    if (!(await finishBuilding(row, key, sizeBytes))) await storage().delete(key);
  } catch (error) {
    if (attempt > BUILD_RETRIES) await markFailed(row);
    throw error;
  }
}

export const buildExportJob = defineJob<{ exportId: string }>('account.build-export', ({ exportId }, job) => buildExport(exportId, job.attempt), {
  retryLimit: BUILD_RETRIES,
  retryDelaySeconds: 30,
  expireInSeconds: 1_800,
});

function queueBuild(tx: Transaction, exportId: string): Promise<string> {
  return enqueueJob(buildExportJob, { exportId }, { tx });
}
