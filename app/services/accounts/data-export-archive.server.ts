import { eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { users } from '~/db/schema';
import { DATA_EXPORT_VALID_DAYS } from '~/lib/constants';
import { rideFilesOf } from '../activities/activity-files.server';
import { storage } from '../adapters/storage.server';
import type { ZipSource } from '../platform/zip.server';
import { ACCOUNT_CATEGORIES } from './data-export/account.server';
import { encodeCategory, ownRows, type ExportCategory, type ExportContext } from './data-export/category.server';
import { COMMUNITY_CATEGORIES } from './data-export/community.server';
import { documentsOf } from './data-export/documents.server';
import { MONEY_CATEGORIES } from './data-export/money.server';
import { RIDE_CATEGORIES } from './data-export/rides.server';
import { readAvatar } from './profile.server';

/**
 * What a copy of a rider's data holds (GDPR art. 15 and 20; issue 26, issue 35 item 7, decisions
 * 128 and 175): one file per category of what Paceline keeps about the rider (a file even when
 * empty), each field described in the README, which is written from the same list; then the
 * rider's picture, the original file of every ride and the documents they uploaded. Each entry is
 * read only when the zip reaches it.
 */
export const EXPORT_CATEGORIES: ExportCategory[] = [...ACCOUNT_CATEGORIES, ...RIDE_CATEGORIES, ...MONEY_CATEGORIES, ...COMMUNITY_CATEGORIES];

/** The copy's files that are not tables: named in the README's first list. */
export const EXPORT_FILES = [
  { path: 'account/avatar.jpg', about: 'your picture, when you uploaded one' },
  { path: 'rides/files/', about: 'the original file of each ride (FIT as uploaded; other activities as JSON)' },
  { path: 'documents/', about: 'identity documents, screenshots, proofs and team logos you uploaded' },
] as const;

const AVATAR_FILE = EXPORT_FILES[0].path;

function described(entries: Array<[string, string]>, indent: string): string[] {
  const width = Math.max(...entries.map(([name]) => name.length));
  return entries.map(([name, about]) => `${indent}${name.padEnd(width)}  ${about}`);
}

/** The README: the files, then every category's fields, and what each leaves out and why. */
export function exportReadme(): string {
  const categories = EXPORT_CATEGORIES.flatMap((category) => [
    '',
    `${category.file}: ${category.about}`,
    ...described(Object.entries(category.fields), '  '),
    ...Object.entries(category.source?.withheld ?? {}).map(([name, reason]) => `  not included: ${name}, ${reason}`),
  ]);
  return [
    'A copy of your Paceline data',
    '',
    'Everything Paceline keeps about you, one file per kind of data: a file is here even when it is empty.',
    'Times are UTC (ISO 8601). In the CSV files a text that starts with = + - @ is prefixed with an apostrophe,',
    'so a spreadsheet never runs it as a formula; numbers are left as they are.',
    '',
    ...described(
      EXPORT_FILES.map((file) => [file.path, file.about]),
      '',
    ),
    ...categories,
    '',
    `The download link works for ${DATA_EXPORT_VALID_DAYS} days. Keep this file safe: it holds your identity documents.`,
    '',
  ].join('\n');
}

function categoryEntry(category: ExportCategory, context: ExportContext): ZipSource {
  return { name: category.file, read: async () => encodeCategory(category, await (category.read ?? ((own) => ownRows(category, own)))(context)) };
}

/** Every entry of a rider's copy, in order: the README and the categories, then the picture, ride files and documents. */
export async function exportSources(userId: string, exportId: string): Promise<ZipSource[]> {
  const [account] = await db().select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!account) throw new Error('No such account');
  const context: ExportContext = { userId, email: account.email, exportId };
  const avatar = await readAvatar(userId);
  const rides = await rideFilesOf(userId);
  const documents = await documentsOf(userId);
  return [
    { name: 'README.txt', read: async () => new TextEncoder().encode(exportReadme()) },
    ...EXPORT_CATEGORIES.map((category) => categoryEntry(category, context)),
    ...(avatar ? [{ name: AVATAR_FILE, read: async () => avatar }] : []),
    ...rides.map((ride) => ({ name: `rides/files/${ride.name}`, read: ride.read })),
    ...documents.map((document) => ({ name: document.name, read: async () => (await storage().get(document.key)) ?? new Uint8Array() })),
  ];
}
