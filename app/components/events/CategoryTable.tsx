import { CATEGORY_KEYS, type EventCategories } from '~/lib/domain/events';
import { EVENT_MAX_CATEGORIES } from '~/lib/constants';
import { formatEventTime } from '~/lib/events/dates';

/** Up to six categories with start time (GMT+4), distance and elevation (spec 3 §2, §9). */
export function CategoryTable({ categories, compact = false }: { categories: EventCategories; compact?: boolean }) {
  const rows = CATEGORY_KEYS.slice(0, EVENT_MAX_CATEGORIES).filter((key) => categories[key]);
  if (rows.length === 0) return null;
  if (compact) {
    return (
      <ul className="event-category-times">
        {rows.map((key) => (
          <li key={key}>
            <span>{key}</span> <strong>{formatEventTime(categories[key]!.time)}</strong>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <table className="data event-categories">
      <thead>
        <tr>
          <th>Category</th>
          <th>Start (GMT+4)</th>
          <th>Distance</th>
          <th>Elevation</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((key) => (
          <tr key={key}>
            <td>{key}</td>
            <td>{categories[key]!.time}</td>
            <td>{categories[key]!.distanceKm.toFixed(2)} km</td>
            <td>{Math.round(categories[key]!.elevationM)} m</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
