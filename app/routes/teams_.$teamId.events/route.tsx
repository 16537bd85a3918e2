import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { Link, useLoaderData } from '@remix-run/react';
import { cacheable } from '~/lib/response-cache';
import { TeamLogo } from '~/components/teams/TeamCard';
import { formatEventDate, formatEventTime } from '~/lib/events/dates';
import { getTeam, listTeamEvents } from '~/services/events/teams.server';
import { serialIdParam } from '~/lib/route-params';

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.team.teamName} — Paceline` : 'Team — Paceline' }];

export async function loader({ params }: LoaderFunctionArgs) {
  const team = await getTeam(serialIdParam(params.teamId, 'Team not found'));
  if (!team) throw new Response('Team not found', { status: 404 });
  return { team, events: await listTeamEvents(team.teamId) };
}

export default function TeamEventsPage() {
  const { team, events } = useLoaderData<typeof loader>();
  return (
    <section className="teams-page">
      <header className="team-events-header">
        <TeamLogo src={team.logo} name={team.teamName} />
        <div>
          <h1>{team.teamName}</h1>
          <p>{team.teamDescription}</p>
          <p className="team-members">{team.memberCount} members</p>
        </div>
      </header>
      <h2>Team events</h2>
      {events.length === 0 ? (
        <p className="notice">This team has no events yet.</p>
      ) : (
        <ul className="team-events">
          {events.map((event) => (
            <li key={event.id}>
              <Link to={`/event/detail/${event.id}`}>{event.name}</Link> — {formatEventDate(event.date)} {formatEventTime(event.time)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export const handle = cacheable;
