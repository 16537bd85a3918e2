import { formatDate } from '~/lib/activities/format';
import type { FtpHistoryRow } from '~/services/activities/ftp-history.server';

function sourceOf(row: FtpHistoryRow): string {
  if (row.source === 'profile') return row.ftpW === null ? 'cleared on your profile' : 'set on your profile';
  const ride = row.rideTitle && row.rideDate ? ` “${row.rideTitle}” of ${formatDate(row.rideDate)}` : '';
  return `detected from ride${ride}${row.undone ? ' (undone)' : ''}`;
}

/** The rider's FTP history, latest first, each entry with where it came from (decision 141). */
export function FtpHistoryList({ rows }: { rows: FtpHistoryRow[] }) {
  if (rows.length === 0) return null;
  return (
    <section className="ftp-history" aria-labelledby="ftp-history-title">
      <h3 id="ftp-history-title">FTP history</h3>
      <ul>
        {rows.map((row) => (
          <li key={`${row.at}-${row.source}-${row.ftpW}`} className={row.undone ? 'muted' : undefined}>
            From {formatDate(row.at)}: {row.ftpW === null ? 'no value of your own' : `${row.ftpW} W`}, {sourceOf(row)}
          </li>
        ))}
      </ul>
    </section>
  );
}
