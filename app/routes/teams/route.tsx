import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { cacheable } from '~/lib/response-cache';
import { TeamCard } from '~/components/teams/TeamCard';
import { Pager } from '~/components/ui/Pager';
import { TEAMS_PAGE_SIZE, TEAMS_PAGE_WINDOW } from '~/lib/constants';
import { pageParam } from '~/lib/paging';
import { getOptionalUser } from '~/services/accounts/auth.server';
import { listPublicTeams } from '~/services/events/teams.server';
import { NO_TEAMS_MESSAGE } from '~/lib/events/messages';

export const meta: MetaFunction = () => [{ title: 'Teams — Paceline' }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await getOptionalUser(request, context);
  const page = pageParam(new URL(request.url));
  return { teams: await listPublicTeams(page, TEAMS_PAGE_SIZE, user?.id), signedIn: Boolean(user) };
}

export default function TeamsPage() {
  const { teams, signedIn } = useLoaderData<typeof loader>();
  return (
    <section className="teams-page">
      <header className="teams-header">
        <h1>Teams</h1>
        <p>Find a team to race with, or start your own from My Teams.</p>
      </header>
      {teams.data.length === 0 ? <p className="notice">{NO_TEAMS_MESSAGE}</p> : null}
      <div className="teams-grid">
        {teams.data.map((team) => (
          <TeamCard key={team.teamId} team={team} action={signedIn ? (team.isMember ? 'leave' : 'join') : undefined} />
        ))}
      </div>
      <Pager current={teams.page} last={teams.totalPages} window={TEAMS_PAGE_WINDOW} hrefFor={(page) => `/teams?page=${page}`} label="Team pages" />
    </section>
  );
}

export const handle = cacheable;
