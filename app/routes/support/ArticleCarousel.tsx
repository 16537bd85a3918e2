import { SiteLink } from '~/components/ui/SiteLink';
import { useRef } from 'react';
import type { Article } from '~/lib/content/cms-types';

/**
 * A scroll-snap carousel: 1 card under 600 px, 2 from 600 px, 3 from 1000 px (spec 3 §9,
 * CAROUSEL_BREAKPOINTS_PX; the widths are in app.css). It scrolls by touch or trackpad
 * without JavaScript; the arrow buttons move one page of cards.
 */
export function ArticleCarousel({ articles, label }: { articles: Article[]; label: string }) {
  const track = useRef<HTMLUListElement>(null);
  const move = (direction: 1 | -1) => {
    const element = track.current;
    if (element) element.scrollBy({ left: direction * element.clientWidth, behavior: 'smooth' });
  };
  return (
    <div className="carousel" role="region" aria-roledescription="carousel" aria-label={label}>
      <button type="button" className="carousel-arrow carousel-prev" aria-label="Previous articles" onClick={() => move(-1)}>
        ‹
      </button>
      <ul className="carousel-track" ref={track}>
        {articles.map((article) => (
          <li key={article.slug} className="carousel-item">
            <SiteLink to={`/article/${article.slug}`} className="article-card">
              {article.image ? <img src={article.image} alt="" width={480} height={270} loading="lazy" /> : null}
              <h3>{article.title}</h3>
              <p>{article.excerpt}</p>
            </SiteLink>
          </li>
        ))}
      </ul>
      <button type="button" className="carousel-arrow carousel-next" aria-label="Next articles" onClick={() => move(1)}>
        ›
      </button>
    </div>
  );
}
