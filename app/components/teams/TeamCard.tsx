import { Form } from '@remix-run/react';
import { SiteLink } from '~/components/ui/SiteLink';
import { useEffect, useRef, useState } from 'react';
import type { TeamCard as Team } from '~/services/events/teams.server';
import { Button } from '~/components/ui/Button';

const DEFAULT_TEAM_LOGO = '/images/teams/team-default.svg';

/**
 * A team logo that falls back to the default image when it fails (spec 3 §2). The check
 * after hydration catches images that failed before React attached onError.
 */
export function TeamLogo({ src, name }: { src: string | null; name: string }) {
  const [current, setCurrent] = useState(src ?? DEFAULT_TEAM_LOGO);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const image = ref.current;
    if (image && image.complete && image.naturalWidth === 0) setCurrent(DEFAULT_TEAM_LOGO);
  }, []);
  return <img ref={ref} className="team-logo" src={current} alt={`${name} logo`} width={72} height={72} onError={() => setCurrent(DEFAULT_TEAM_LOGO)} />;
}

export function TeamCard({ team, action }: { team: Team; action?: 'join' | 'leave' }) {
  return (
    <article className="team-card card" aria-labelledby={`team-${team.teamId}`}>
      <TeamLogo src={team.logo} name={team.teamName} />
      <div className="team-card-body">
        <h3 id={`team-${team.teamId}`}>
          <SiteLink to={`/teams/${team.teamId}/events`}>{team.teamName}</SiteLink>
        </h3>
        <p>{team.teamDescription}</p>
        <p className="team-members">
          {team.memberCount} {team.memberCount === 1 ? 'member' : 'members'}
        </p>
        {action ? (
          <Form method="post" action="/my-teams">
            <input type="hidden" name="teamId" value={team.teamId} />
            <Button type="submit" name="intent" value={action} variant={action === 'join' ? 'primary' : 'secondary'}>
              {action === 'join' ? 'Join team' : 'Leave team'}
            </Button>
          </Form>
        ) : null}
      </div>
    </article>
  );
}
