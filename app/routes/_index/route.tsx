import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { cacheable } from '~/lib/response-cache';
import { Prose } from '~/components/content/ContentPage';
import { FeaturedEvents } from '~/components/home/FeaturedEvents';
import { AppStoreLinks } from '~/components/shell/AppStoreLinks';
import { cms } from '~/services/content/cms/index.server';
import { requirePage } from '~/services/content/content-pages.server';
import { listFeaturedEvents } from '~/services/events/events.server';
import { ButtonLink } from '~/components/ui/Button';

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: 'Paceline — ride, race, progress' },
  { name: 'description', content: data?.page.excerpt ?? 'Virtual indoor cycling and esports.' },
];

export async function loader() {
  const [page, footer, featuredEvents] = await Promise.all([requirePage('home'), cms().getFooter(), listFeaturedEvents()]);
  return { page, appLinks: footer.app_links, featuredEvents };
}

export default function Home() {
  const { page, appLinks, featuredEvents } = useLoaderData<typeof loader>();
  return (
    <div className="home">
      <section className="home-hero">
        <p className="home-kicker">Virtual indoor cycling · esports</p>
        <h1>{page.title}</h1>
        <p className="page-lead">{page.excerpt}</p>
        <div className="home-actions">
          <ButtonLink to="/events">Browse events</ButtonLink>
          <ButtonLink to="/routes" variant="secondary">
            Explore routes
          </ButtonLink>
        </div>
        <AppStoreLinks links={appLinks} />
      </section>
      <FeaturedEvents events={featuredEvents} />
      <Prose html={page.html} className="home-body" />
    </div>
  );
}

export const handle = cacheable;
