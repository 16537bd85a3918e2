import { and, eq, inArray, sql } from 'drizzle-orm';
import { storage } from '~/services/adapters/storage.server';
import { hashPassword } from '~/services/accounts/password.server';
import type { Database } from '~/db/client.server';
import { eventResults, events, registrations, teamMembers, teams, users } from '~/db/schema';
import { DEMO_PASSWORD, DEMO_USERS } from './accounts';
import { SEED_EVENT_NAMES, SEED_TEAMS, seedEvents, teamLogo } from './events-data';

/** Riders who fill the full event and the results; they can sign in like the demo riders. */
const FILLER_RIDERS = [
  { email: 'omar@paceline.local', firstname: 'Omar', lastname: 'Haddad', gender: 0 },
  { email: 'lina@paceline.local', firstname: 'Lina', lastname: 'Farouk', gender: 1 },
  // Riders only the event wizard's browser tests sign in as, so no other spec's registrations meet theirs.
  { email: 'nadia@paceline.local', firstname: 'Nadia', lastname: 'Aziz', gender: 1 },
  { email: 'karim@paceline.local', firstname: 'Karim', lastname: 'Mansour', gender: 0 },
];

const RESULT_NAMES = [
  'Omar Haddad',
  'Lina Farouk',
  'Maya Sprint',
  'Alex Rider',
  'Yusuf Karim',
  'Sara Nasser',
  'Tom Becker',
  'Aisha Rahman',
  'Diego Alvarez',
  'Hana Suzuki',
  'Marco Bianchi',
  'Noor Saleh',
];

export async function seedEventData(database: Database): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await database
    .insert(users)
    .values(FILLER_RIDERS.map((rider) => ({ ...rider, passwordHash, status: 'active' as const, dob: '1992-03-14', weightKg: 70, heightCm: 176 })))
    .onConflictDoNothing();

  for (const event of seedEvents()) {
    const [existing] = await database.select({ id: events.id }).from(events).where(eq(events.name, event.name));
    if (!existing) await database.insert(events).values(event);
  }
  const eventRows = await database.select({ id: events.id, name: events.name, days: events.days }).from(events);
  const eventId = (name: string) => eventRows.find((row) => row.name === name)!.id;

  const emails = [...Object.values(DEMO_USERS), ...FILLER_RIDERS.map((rider) => rider.email)];
  const people = await database.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, emails));
  const userId = (email: string) => people.find((person) => person.email === email)!.id;

  await database
    .insert(teams)
    .values(
      SEED_TEAMS.map((name, index) => ({
        name,
        description: `${name} race together on Paceline every week.`,
        logo: teamLogo(index),
        ownerId: index === 0 ? userId(DEMO_USERS.pro) : null,
      })),
    )
    .onConflictDoNothing();
  const [aces] = await database.select({ id: teams.id }).from(teams).where(eq(teams.name, SEED_TEAMS[0]));
  await database
    .insert(teamMembers)
    .values([DEMO_USERS.pro, DEMO_USERS.rider, 'omar@paceline.local'].map((email) => ({ teamId: aces.id, userId: userId(email) })))
    .onConflictDoNothing();

  const registration = (email: string, name: string, status: 'pending' | 'approved' | 'declined', firstName: string, gender = 0) => ({
    eventId: eventId(name),
    userId: userId(email),
    status,
    category: 'Category 2',
    wkg: 3.4,
    firstName,
    lastName: 'Rider',
    email,
    gender,
    heightCm: 178,
    weightKg: 72,
    ftp: 245,
  });
  const n = SEED_EVENT_NAMES;
  await database
    .insert(registrations)
    .values([
      registration(DEMO_USERS.rider, n.morningDaily, 'approved', 'Alex'),
      registration(DEMO_USERS.rider, n.eveningDaily, 'pending', 'Alex'),
      registration(DEMO_USERS.rider, n.coastal, 'declined', 'Alex'),
      registration(DEMO_USERS.pro, n.womensCrit, 'approved', 'Maya', 1),
      registration(DEMO_USERS.pro, n.desertClassic, 'pending', 'Maya', 1),
      registration('omar@paceline.local', n.fullHouse, 'approved', 'Omar'),
      registration('lina@paceline.local', n.fullHouse, 'pending', 'Lina', 1),
    ])
    .onConflictDoNothing();

  await seedIdentityFiles(database, eventId(n.womensCrit), userId(DEMO_USERS.pro));

  // Results of riders who have an account name them, so deleting the account anonymises them (issue 26).
  const fullName = sql<string>`${users.firstname} || ' ' || ${users.lastname}`;
  const accounts = await database.select({ id: users.id, name: fullName }).from(users).where(inArray(fullName, RESULT_NAMES));
  const accountOf = new Map(accounts.map((account) => [account.name, account.id]));
  for (const row of eventRows) {
    const [any] = await database
      .select({ id: eventResults.id })
      .from(eventResults)
      .where(and(eq(eventResults.eventId, row.id)))
      .limit(1);
    if (any) continue;
    const rows = [];
    for (let day = 1; day <= row.days; day += 1) {
      for (const index of RESULT_NAMES.keys()) {
        // Deterministic spread per event and day so boards differ but re-seeding is stable.
        const shift = (row.id * 7 + day * 3 + index) % RESULT_NAMES.length;
        const avgWatts = 330 - index * 12 - ((row.id + day) % 5);
        rows.push({
          eventId: row.id,
          day,
          position: index + 1,
          riderName: RESULT_NAMES[shift],
          userId: accountOf.get(RESULT_NAMES[shift]) ?? null,
          teamName: shift % 3 === 0 ? SEED_TEAMS[shift % SEED_TEAMS.length] : null,
          category: index < 4 ? 'Category 1' : index < 8 ? 'Category 2' : 'Category 3',
          timeSeconds: 3600 + index * 47 + day * 31,
          avgWatts,
          wkg: Math.round((avgWatts / 70) * 100) / 100,
        });
      }
    }
    await database.insert(eventResults).values(rows);
  }
}

/** A tiny PNG standing in for a passport scan, so "use existing files" has something to show. */
const SAMPLE_ID_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

async function seedIdentityFiles(database: Database, eventId: number, userId: string) {
  const where = and(eq(registrations.eventId, eventId), eq(registrations.userId, userId));
  const [row] = await database.select({ front: registrations.idFrontKey }).from(registrations).where(where);
  if (!row || row.front) return;
  const key = await storage().put('registrations', new Uint8Array(SAMPLE_ID_PNG), 'png');
  await database.update(registrations).set({ idType: 'passport', idExpiry: '2031-01-01', idFrontKey: key }).where(where);
}
