import { CATEGORY_KEYS, type EventCategories } from '~/lib/domain/events';
import { Table } from '~/components/ui/Table';
import { EVENT_MAX_CATEGORIES } from '~/lib/constants';
import { formatEventTime } from '~/lib/events/dates';
import { plain } from '~/lib/plain-components';

/** Up to six categories with start time (GMT+4), distance and elevation (spec 3 §2, §9). */
export const CategoryTable = plain(function categoryTable({ categories, compact = false }: { categories: EventCategories; compact?: boolean }) {
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
    <Table
      className="event-categories"
      rows={rows}
      rowKey={(key) => key}
      columns={[
        { header: 'Category', cell: (key) => key },
        { header: 'Start (GMT+4)', cell: (key) => categories[key]!.time },
        { header: 'Distance', cell: (key) => `${categories[key]!.distanceKm.toFixed(2)} km` },
        { header: 'Elevation', cell: (key) => `${Math.round(categories[key]!.elevationM)} m` },
      ]}
    />
  );
});
