import { formatClock, formatKm } from '~/lib/activities/format';
import type { FtpSource } from '~/lib/domain/activities';
import type { ActivityHeader } from '~/services/activities/detail.server';

const FTP_SOURCE_TEXT: Record<FtpSource, string> = {
  profile: 'your profile',
  detected: 'detected from a ride',
  file: 'your head unit',
  default: 'default 2.5 W/kg',
};

const watts = (value: number | null) => (value ? `${Math.round(value)} W` : '—');

/**
 * The ride's figures (spec 2 §3 header_detail) and what they rest on: both kinds of average
 * power (decision 140), timer and elapsed time, the threshold in force and where it came from,
 * W/kg at the ride's weight, and the head unit's own figures where its file carries them.
 */
export function RideFigures({ header }: { header: ActivityHeader }) {
  const ftpFrom = header.detection && !header.detection.undone ? 'detected from this ride' : header.ftpSource ? FTP_SOURCE_TEXT[header.ftpSource] : null;
  const headUnit = [
    header.headUnit.avgPowerW ? `average ${Math.round(header.headUnit.avgPowerW)} W` : null,
    header.headUnit.normalizedPowerW ? `NP ${Math.round(header.headUnit.normalizedPowerW)} W` : null,
    header.headUnit.ftpW ? `FTP ${header.headUnit.ftpW} W` : null,
  ].filter(Boolean);
  return (
    <>
      <dl className="player-stats ride-figures">
        <div>
          <dt>Distance</dt>
          <dd>{formatKm(header.distance)} KM</dd>
        </div>
        <div>
          <dt>Time</dt>
          <dd>
            {formatClock(header.rideDuration)}
            {header.elapsedS !== header.rideDuration ? <span className="muted"> · elapsed {formatClock(header.elapsedS)}</span> : null}
          </dd>
        </div>
        <div>
          <dt>Avg power</dt>
          <dd>
            {watts(header.watt)}
            {header.watt ? <span className="muted"> with zeros</span> : null}
            {header.wattWithoutZeros ? (
              <>
                {' · '}
                {watts(header.wattWithoutZeros)} <span className="muted">without</span>
              </>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>NP</dt>
          <dd>{watts(header.normalizePower)}</dd>
        </div>
        <div>
          <dt>FTP</dt>
          <dd>
            {watts(header.ftpW)}
            {header.ftpW && header.weightKg ? ` · ${(header.ftpW / header.weightKg).toFixed(2)} W/KG` : ''}
            {ftpFrom ? <span className="muted"> ({ftpFrom})</span> : null}
          </dd>
        </div>
        <div>
          <dt>IF</dt>
          <dd>{header.intensity ? header.intensity.toFixed(2) : '—'}</dd>
        </div>
        <div>
          <dt>Training load</dt>
          <dd>{header.traningLoad ? Math.round(header.traningLoad) : '—'}</dd>
        </div>
        <div>
          <dt>Elevation</dt>
          <dd>{Math.round(header.elevation)} M</dd>
        </div>
      </dl>
      {headUnit.length > 0 ? <p className="muted ride-head-unit">Your head unit recorded: {headUnit.join(' · ')}.</p> : null}
    </>
  );
}
