import type { EventLinks as Links } from '~/lib/domain/events';
import { plain } from '~/lib/plain-components';

const LABELS: Record<keyof Links, string> = {
  technical_guide: 'Technical guide',
  guideline: 'Guideline',
  ruleset: 'Ruleset',
  requirements: 'Requirements',
  course_details: 'Course details',
};

/** The event's links (spec 3 §3 links); external ones open in a new tab. */
export const EventLinks = plain(function eventLinks({ links }: { links: Links }) {
  const entries = (Object.keys(LABELS) as (keyof Links)[]).filter((key) => links[key]);
  if (entries.length === 0) return null;
  return (
    <ul className="event-links">
      {entries.map((key) => {
        const href = links[key]!;
        const external = /^https?:/.test(href);
        return (
          <li key={key}>
            <a href={href} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
              {LABELS[key]}
            </a>
          </li>
        );
      })}
    </ul>
  );
});
