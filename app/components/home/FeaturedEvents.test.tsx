import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom/server';
import { describe, expect, it } from 'vitest';
import { FeaturedEvents } from './FeaturedEvents';

const render = (events: Parameters<typeof FeaturedEvents>[0]['events']) =>
  renderToStaticMarkup(
    <StaticRouter location="/">
      <FeaturedEvents events={events} />
    </StaticRouter>,
  );

describe('FeaturedEvents', () => {
  it('renders nothing for an empty list', () => {
    expect(render([])).toBe('');
  });

  it('links each event to its detail page with its date in GMT+4 and an optional image', () => {
    const html = render([
      { id: 12, name: 'AlUla Desert Series — Stage 1', date: '2026-12-05', image: '/images/alula.jpg' },
      { id: 13, name: 'Sunday Race Club', date: '2026-12-06T03:30:00Z', image: null },
    ]);
    expect(html).toContain('Featured events');
    expect(html).toContain('href="/event/detail/12"');
    expect(html).toContain('AlUla Desert Series — Stage 1');
    expect(html).toContain('Sat, 5 Dec 2026');
    expect(html).toContain('src="/images/alula.jpg"');
    expect(html).toContain('Sun, 6 Dec 2026');
    expect(html.match(/featured-event-placeholder/g)).toHaveLength(1);
  });
});
