import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import { db, type Transaction } from '~/db/client.server';
import { sharedRead } from '~/db/shared-reads.server';
import { events, registrations, teamMembers, teams } from '~/db/schema';
import { boundedPage, pageOffset } from '~/lib/paging';

/** Teams (spec 3 §2 Teams, §3 Team): public list, a rider's teams, create / join / leave. */
export interface TeamCard {
  teamId: number;
  teamName: string;
  teamDescription: string;
  logo: string | null;
  memberCount: number;
  isOwner?: boolean;
  isMember?: boolean;
}

export interface TeamPage {
  data: TeamCard[];
  page: number;
  totalPages: number;
  limit: number;
  totalCount: number;
}

export class TeamError extends Error {}

const memberCount = sql<number>`(select count(*) from ${teamMembers} where ${teamMembers.teamId} = ${teams.id})`.mapWith(Number);

export async function listPublicTeams(page: number, limit: number, viewerId?: string): Promise<TeamPage> {
  // The same for every visitor until a team or a membership is written (decision 153).
  const asked = boundedPage(page);
  const { totalCount, totalPages, current, rows } = await sharedRead(`teams:page:${limit}:${asked}`, () => readTeamsPage(asked, limit));
  const joined = viewerId ? await joinedTeamIds(viewerId) : new Set<number>();
  return {
    data: rows.map(({ ownerId, ...row }) => ({ ...row, isOwner: viewerId !== undefined && ownerId === viewerId, isMember: joined.has(row.teamId) })),
    page: current,
    totalPages,
    limit,
    totalCount,
  };
}

/** A page of the list (the last one for a page past it) and the count it was cut from. */
async function readTeamsPage(asked: number, limit: number) {
  const [{ total }] = await db().select({ total: count() }).from(teams);
  const totalCount = Number(total);
  const totalPages = Math.max(1, Math.ceil(totalCount / limit));
  const current = Math.min(asked, totalPages);
  const rows = await db()
    .select({ teamId: teams.id, teamName: teams.name, teamDescription: teams.description, logo: teams.logo, memberCount, ownerId: teams.ownerId })
    .from(teams)
    .orderBy(asc(teams.name), asc(teams.id))
    .limit(limit)
    .offset(pageOffset(current, limit));
  return { totalCount, totalPages, current, rows };
}

async function joinedTeamIds(userId: string): Promise<Set<number>> {
  const rows = await db().select({ teamId: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.userId, userId));
  return new Set(rows.map((row) => row.teamId));
}

/** My Teams page: the teams a rider joined and the ones they own. */
export async function listMyTeams(userId: string): Promise<{ joined: TeamCard[]; owned: TeamCard[] }> {
  const ids = [...(await joinedTeamIds(userId))];
  const select = { teamId: teams.id, teamName: teams.name, teamDescription: teams.description, logo: teams.logo, memberCount };
  const joined = ids.length ? await db().select(select).from(teams).where(inArray(teams.id, ids)).orderBy(asc(teams.name)) : [];
  const owned = await db().select(select).from(teams).where(eq(teams.ownerId, userId)).orderBy(asc(teams.name));
  return {
    joined: joined.map((team) => ({ ...team, isMember: true })),
    owned: owned.map((team) => ({ ...team, isOwner: true, isMember: ids.includes(team.teamId) })),
  };
}

export async function getTeam(teamId: number) {
  const [team] = await db()
    .select({ teamId: teams.id, teamName: teams.name, teamDescription: teams.description, logo: teams.logo, memberCount })
    .from(teams)
    .where(eq(teams.id, teamId));
  return team;
}

/** Creates a team owned (and joined) by the rider; the name must be new (case-insensitive). */
export async function createTeam(ownerId: string, input: { name: string; description?: string }, tx?: Transaction): Promise<number> {
  const run = async (database: Transaction) => {
    const name = input.name.trim();
    const [clash] = await database
      .select({ id: teams.id })
      .from(teams)
      .where(sql`lower(${teams.name}) = lower(${name})`);
    if (clash) throw new TeamError('A team with this name already exists.');
    const [team] = await database
      .insert(teams)
      .values({ name, description: input.description?.trim() ?? '', ownerId })
      .returning({ id: teams.id });
    await database.insert(teamMembers).values({ teamId: team.id, userId: ownerId });
    return team.id;
  };
  return tx ? run(tx) : db().transaction(run);
}

/** The wizard's TEAM step: join the team of that name, or create it (decision 036). */
export async function joinOrCreateTeamByName(userId: string, name: string, tx: Transaction): Promise<number> {
  const [existing] = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(sql`lower(${teams.name}) = lower(${name.trim()})`);
  if (!existing) return createTeam(userId, { name }, tx);
  await tx.insert(teamMembers).values({ teamId: existing.id, userId }).onConflictDoNothing();
  return existing.id;
}

export async function joinTeam(userId: string, teamId: number): Promise<void> {
  if (!(await getTeam(teamId))) throw new TeamError('This team does not exist.');
  await db().insert(teamMembers).values({ teamId, userId }).onConflictDoNothing();
}

export async function leaveTeam(userId: string, teamId: number): Promise<void> {
  await db()
    .delete(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
}

/** The team-events page: events the team's riders registered for, soonest first. */
export async function listTeamEvents(teamId: number) {
  return db()
    .selectDistinct({ id: events.id, name: events.name, date: events.date, time: events.time })
    .from(registrations)
    .innerJoin(events, eq(events.id, registrations.eventId))
    .where(and(eq(registrations.teamId, teamId), ne(registrations.status, 'declined')))
    .orderBy(asc(events.date));
}

/**
 * Account deletion (decision 127): each team the rider created passes to its longest-standing
 * other member; a team with no other member is dissolved, which frees its name. Returns the
 * logos of dissolved teams, for the caller to remove once the deletion has committed.
 */
export async function releaseTeamsOf(tx: Transaction, userId: string): Promise<Array<string | null>> {
  const owned = await tx.select({ id: teams.id, logo: teams.logo }).from(teams).where(eq(teams.ownerId, userId)).for('update');
  const dissolvedLogos: Array<string | null> = [];
  for (const team of owned) {
    const [heir] = await tx
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, team.id), ne(teamMembers.userId, userId)))
      .orderBy(asc(teamMembers.joinedAt), asc(teamMembers.userId))
      .limit(1);
    if (heir) {
      await tx.update(teams).set({ ownerId: heir.userId }).where(eq(teams.id, team.id));
    } else {
      await tx.delete(teams).where(eq(teams.id, team.id));
      dissolvedLogos.push(team.logo);
    }
  }
  return dissolvedLogos;
}
