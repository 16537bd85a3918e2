import type { RiderHeader } from '~/services/activities/rider-page.server';
import { ButtonLink } from '~/components/ui/Button';

const FLAGS: Record<number, string> = { 246: '🇦🇪' };

function Jersey() {
  return (
    <svg className="player-jersey" viewBox="0 0 64 64" role="img" aria-label="Jersey">
      <path d="M20 6 L8 14 L2 28 L12 32 L14 26 L14 58 L50 58 L50 26 L52 32 L62 28 L56 14 L44 6 C42 12 22 12 20 6 Z" fill="var(--accent)" />
      <path d="M14 36 L50 30 L50 38 L14 44 Z" fill="var(--accent-2)" />
    </svg>
  );
}

function Verified({ on }: { on: boolean }) {
  return on ? (
    <span className="player-verified" title="Verified" aria-label="Verified">
      ✔
    </span>
  ) : null;
}

/** Spec 2 §2 player info header. */
export function PlayerHeader({ rider }: { rider: RiderHeader }) {
  return (
    <section className="player-header card" aria-label="Player info">
      <Jersey />
      <div className="player-identity">
        <h1>
          <span className="player-flag" aria-label={`Country ${rider.country}`}>
            {FLAGS[rider.country] ?? '🏳️'}
          </span>{' '}
          {rider.firstname} {rider.lastname}
        </h1>
        <p className="player-team">{rider.team ?? 'No team'}</p>
        <ButtonLink to="/user/profile" variant="secondary">
          EDIT PROFILE
        </ButtonLink>
      </div>
      <dl className="player-stats">
        <div>
          <dt>Gender</dt>
          <dd>{rider.genderLabel}</dd>
        </div>
        <div>
          <dt>Category</dt>
          <dd>CAT {rider.category}</dd>
        </div>
        <div>
          <dt>Level</dt>
          <dd>{rider.level}</dd>
        </div>
        <div>
          <dt>FTP</dt>
          <dd>{rider.ftpW} W</dd>
        </div>
        <div>
          <dt>Weight</dt>
          <dd data-testid="player-weight">
            {rider.weightKg ?? '—'} KG <Verified on={rider.weightVerified} />
          </dd>
        </div>
        <div>
          <dt>Height</dt>
          <dd data-testid="player-height">
            {rider.heightCm ?? '—'} CM <Verified on={rider.heightVerified} />
          </dd>
        </div>
        <div>
          <dt>Age</dt>
          <dd>{rider.age ?? '—'}</dd>
        </div>
      </dl>
    </section>
  );
}
