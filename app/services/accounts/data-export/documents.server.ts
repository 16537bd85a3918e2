import { asc, eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { registrations, teams, thirdPartyImports, walletVerificationRequests } from '~/db/schema';
import { isStorageKey } from '../../adapters/storage.server';

/**
 * The files a rider uploaded (or made: a team's logo), named as the copy holds them under
 * `documents/`. The categories that list them (wallet/verification.json, events/registrations.json,
 * imports.json, teams/created.csv) name the same files.
 */
export interface StoredDocument {
  /** The entry in the zip. */
  name: string;
  /** The storage adapter's key. */
  key: string;
}

const extension = (key: string) => key.split('.').pop();

export async function walletDocumentsOf(userId: string) {
  const requests = await db()
    .select()
    .from(walletVerificationRequests)
    .where(eq(walletVerificationRequests.userId, userId))
    .orderBy(asc(walletVerificationRequests.createdAt));
  return requests.map((request) => ({
    request,
    files: [
      { name: `documents/wallet/${request.id}-passport.${extension(request.passportKey)}`, key: request.passportKey },
      ...request.screenshotKeys.map((key, index) => ({ name: `documents/wallet/${request.id}-screenshot-${index + 1}.${extension(key)}`, key })),
    ],
  }));
}

export function registrationDocuments(registration: Pick<typeof registrations.$inferSelect, 'id' | 'idFrontKey' | 'idBackKey' | 'dobCertificateKey'>) {
  return (
    [
      ['id-front', registration.idFrontKey],
      ['id-back', registration.idBackKey],
      ['proof-of-age', registration.dobCertificateKey],
    ] as const
  ).flatMap(([side, key]) => (key ? [{ name: `documents/registrations/${registration.id}-${side}.${extension(key)}`, key }] : []));
}

export function importDocuments(request: Pick<typeof thirdPartyImports.$inferSelect, 'id' | 'proofFiles'>) {
  return request.proofFiles.map((file, index) => ({ name: `documents/imports/${request.id.slice(0, 8)}-${index + 1}.${extension(file.key)}`, key: file.key }));
}

export function teamLogo(team: Pick<typeof teams.$inferSelect, 'id' | 'logo'>) {
  return isStorageKey(team.logo) ? [{ name: `documents/teams/${team.id}-logo.${extension(team.logo)}`, key: team.logo }] : [];
}

/** Every document of the rider, in the order the zip holds them. */
export async function documentsOf(userId: string): Promise<StoredDocument[]> {
  const wallet = (await walletDocumentsOf(userId)).flatMap((request) => request.files);
  const registered = (await db().select().from(registrations).where(eq(registrations.userId, userId)).orderBy(asc(registrations.id))).flatMap(
    registrationDocuments,
  );
  const imports = (await db().select().from(thirdPartyImports).where(eq(thirdPartyImports.userId, userId)).orderBy(asc(thirdPartyImports.createdAt))).flatMap(
    importDocuments,
  );
  const logos = (await db().select().from(teams).where(eq(teams.ownerId, userId)).orderBy(asc(teams.id))).flatMap(teamLogo);
  return [...wallet, ...registered, ...imports, ...logos];
}
