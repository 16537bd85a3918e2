import { asc, eq } from 'drizzle-orm';
import { db } from '~/db/client.server';
import {
  eventResults,
  events,
  networkConnections,
  networkOauthStates,
  oauthClients,
  oauthCodes,
  oauthGrants,
  phoneVerifications,
  registrations,
  teamMembers,
  teams,
  thirdPartyImports,
} from '~/db/schema';
import { NETWORKS } from '~/lib/connections/networks';
import { IMPORT_PLATFORMS, IMPORT_STATUSES } from '~/lib/domain/activities';
import { NETWORK_IMPORT_STATUSES } from '~/lib/domain/connections';
import { oneOf, WITHHELD, type ExportCategory } from './category.server';
import { importDocuments, registrationDocuments, teamLogo } from './documents.server';

const SECRET_TOKEN = 'a secret that lets Paceline act for you at the network (sealed; never included)';

/** Events, teams, connections to networks and partner apps, and import requests. */
export const COMMUNITY_CATEGORIES: ExportCategory[] = [
  {
    file: 'events/registrations.json',
    about: 'your event registrations, with the identity documents you sent in documents/registrations/',
    source: {
      owner: registrations.userId,
      withheld: { dobCertificateKey: WITHHELD.storageKey, idFrontKey: WITHHELD.storageKey, idBackKey: WITHHELD.storageKey },
    },
    fields: {
      id: 'the registration',
      eventId: 'the event',
      event: "the event's name",
      eventDate: "the event's date",
      status: 'pending, approved or declined',
      category: 'your category, fixed at registration from your W/kg',
      wkg: 'your W/kg at registration',
      firstName: 'first name',
      lastName: 'last name',
      email: 'e-mail',
      gender: '0 male, 1 female',
      dob: 'date of birth, when the event asks for it',
      country: 'country id',
      heightCm: 'height, cm',
      weightKg: 'weight, kg',
      ftp: 'FTP, watts',
      avgWatt: 'average watts you gave',
      idType: 'the identity document type',
      idExpiry: "the identity document's expiry",
      platform: 'the platform you ride on',
      deviceModel: 'your trainer or power meter',
      deviceSerial: 'its serial number',
      teamMode: 'y (riding for a team) or i (individual)',
      teamId: 'the team',
      phone: 'the phone number you verified',
      phoneChannel: 'sms or whatsapp',
      createdAt: 'when you registered',
      decidedAt: 'when it was approved or declined',
      documents: 'the files you sent, in documents/registrations/',
    },
    async read({ userId }) {
      const rows = await db()
        .select({ registration: registrations, event: events.name, eventDate: events.date })
        .from(registrations)
        .innerJoin(events, eq(events.id, registrations.eventId))
        .where(eq(registrations.userId, userId))
        .orderBy(asc(registrations.id));
      return rows.map(({ registration, event, eventDate }) => ({
        ...registration,
        event,
        eventDate,
        documents: registrationDocuments(registration).map((file) => file.name),
      }));
    },
  },
  {
    file: 'events/phone-codes.csv',
    about: 'codes sent to your phone to verify it for an event registration',
    source: { owner: phoneVerifications.userId, withheld: { key: "the code's secret handle", codeHash: 'a one-way hash of the code' } },
    orderBy: phoneVerifications.createdAt,
    fields: {
      id: 'the code',
      phone: 'the phone number',
      channel: 'sms or whatsapp',
      attempts: 'wrong codes typed',
      expiresAt: 'when it stopped working',
      verifiedAt: 'when you typed it',
      usedAt: 'when a registration used the verified number',
      createdAt: 'when it was sent',
    },
  },
  {
    file: 'events/results.csv',
    about: 'your event results',
    source: { owner: eventResults.userId },
    fields: {
      id: 'the result',
      eventId: 'the event',
      event: "the event's name",
      eventDate: "the event's date",
      day: 'the race day',
      position: 'position',
      riderName: 'the name shown',
      teamName: 'team',
      category: 'category',
      timeSeconds: 'time, seconds',
      avgWatts: 'average power',
      wkg: 'W/kg',
    },
    async read({ userId }) {
      const rows = await db()
        .select({ result: eventResults, event: events.name, eventDate: events.date })
        .from(eventResults)
        .innerJoin(events, eq(events.id, eventResults.eventId))
        .where(eq(eventResults.userId, userId))
        .orderBy(asc(events.date), asc(eventResults.day), asc(eventResults.id));
      return rows.map(({ result, event, eventDate }) => ({ ...result, event, eventDate }));
    },
  },
  {
    file: 'teams/created.csv',
    about: 'teams you created (their logos in documents/teams/)',
    source: { owner: teams.ownerId, withheld: { logo: WITHHELD.storageKey } },
    orderBy: teams.id,
    fields: {
      id: 'the team',
      name: 'name',
      description: 'description',
      createdAt: 'when you created it',
      logoFile: "the logo's file in this copy (empty: none)",
    },
    async read({ userId }) {
      const rows = await db().select().from(teams).where(eq(teams.ownerId, userId)).orderBy(asc(teams.id));
      return rows.map((team) => ({ ...team, logoFile: teamLogo(team)[0]?.name ?? null }));
    },
  },
  {
    file: 'teams/memberships.csv',
    about: 'teams you are a member of',
    source: { owner: teamMembers.userId },
    fields: { teamId: 'the team', team: "the team's name", joinedAt: 'when you joined' },
    async read({ userId }) {
      const rows = await db()
        .select({ membership: teamMembers, team: teams.name })
        .from(teamMembers)
        .innerJoin(teams, eq(teams.id, teamMembers.teamId))
        .where(eq(teamMembers.userId, userId))
        .orderBy(asc(teamMembers.joinedAt));
      return rows.map(({ membership, team }) => ({ ...membership, team }));
    },
  },
  {
    file: 'connections/fitness-networks.json',
    about: 'fitness networks you connected',
    source: {
      owner: networkConnections.userId,
      withheld: {
        accessTokenEnc: SECRET_TOKEN,
        refreshTokenEnc: SECRET_TOKEN,
        networkData: "the network's own token for its terms (analogx), a secret like the access token",
      },
    },
    orderBy: networkConnections.createdAt,
    fields: {
      id: 'the connection',
      network: oneOf(NETWORKS),
      source: "the network's own sub-source, when it has one",
      athleteId: 'your id at the network',
      expiresAt: 'when the access lapses unless renewed',
      scope: 'what you allowed Paceline to read',
      importStatus: oneOf(NETWORK_IMPORT_STATUSES),
      importTotal: 'rides found to import',
      importDone: 'rides imported so far',
      createdAt: 'when you connected',
      updatedAt: 'when it last changed',
    },
  },
  {
    file: 'connections/pending-connects.csv',
    about: 'connections you started and did not finish at the network (kept until used, at most a day)',
    source: {
      owner: networkOauthStates.userId,
      withheld: {
        stateHash: 'a one-way hash of the secret state',
        sessionId: 'the secret id of the browser session that started it',
        codeVerifier: 'a secret',
      },
    },
    orderBy: networkOauthStates.expiresAt,
    fields: { network: 'the network', source: "the network's sub-source", expiresAt: 'when it stops working' },
  },
  {
    file: 'connections/partner-apps.json',
    about: 'partner apps you allowed to read your Paceline data',
    source: { owner: oauthGrants.userId },
    fields: {
      id: 'the authorization',
      clientId: 'the app',
      app: "the app's name",
      website: "the app's website",
      scope: 'what you allowed it to read',
      createdAt: 'when you allowed it',
      revokedAt: 'when it was revoked',
    },
    async read({ userId }) {
      const rows = await db()
        .select({ grant: oauthGrants, app: oauthClients.name, website: oauthClients.website })
        .from(oauthGrants)
        .innerJoin(oauthClients, eq(oauthClients.id, oauthGrants.clientId))
        .where(eq(oauthGrants.userId, userId))
        .orderBy(asc(oauthGrants.createdAt));
      return rows.map(({ grant, app, website }) => ({ ...grant, app, website }));
    },
  },
  {
    file: 'connections/partner-codes.csv',
    about: 'authorization codes issued to partner apps for you (single use, ten minutes; kept a day)',
    source: { owner: oauthCodes.userId, withheld: { codeHash: 'a one-way hash of the code', codeChallenge: "the app's proof-key challenge" } },
    orderBy: oauthCodes.expiresAt,
    fields: {
      clientId: 'the app',
      redirectUri: 'where the code was sent back to',
      scope: 'what it asked for',
      expiresAt: 'when it stops working',
      usedAt: 'when the app used it',
      grantId: 'the authorization it became (connections/partner-apps.json)',
    },
  },
  {
    file: 'imports.json',
    about: 'requests to import your totals from other platforms, with the proofs you sent in documents/imports/',
    source: { owner: thirdPartyImports.userId, withheld: { proofFiles: WITHHELD.storageKey, reviewedBy: WITHHELD.staff } },
    fields: {
      id: 'the request',
      platform: oneOf(IMPORT_PLATFORMS),
      totalRideTimeS: 'total ride time, seconds',
      totalDistanceKm: 'total distance, km',
      totalElevationM: 'total elevation, metres',
      profileLink: 'your profile there',
      status: oneOf(IMPORT_STATUSES),
      hasSeen: 'whether you have seen the decision',
      reviewedAt: 'when it was decided',
      createdAt: 'when you sent it',
      proofs: 'the proof files you sent, as named in documents/imports/',
      proofNames: 'their names as you uploaded them',
    },
    async read({ userId }) {
      const rows = await db().select().from(thirdPartyImports).where(eq(thirdPartyImports.userId, userId)).orderBy(asc(thirdPartyImports.createdAt));
      return rows.map((request) => ({
        ...request,
        proofs: importDocuments(request).map((file) => file.name),
        proofNames: request.proofFiles.map((file) => file.name),
      }));
    },
  },
];
