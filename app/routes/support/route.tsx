import type { MetaFunction } from '@remix-run/node';
import { useLoaderData, useSearchParams } from '@remix-run/react';
import { cacheable } from '~/lib/response-cache';
import { pageMeta, PageHero } from '~/components/content/ContentPage';
import { Tabs } from '~/components/ui/Tabs';
import { cms } from '~/services/content/cms/index.server';
import { requirePage } from '~/services/content/content-pages.server';
import { ArticleCarousel } from './ArticleCarousel';
import { ButtonLink } from '~/components/ui/Button';

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.page);

export async function loader() {
  const [page, categories] = await Promise.all([requirePage('support'), cms().getArticleCategories()]);
  return { page, categories };
}

// Spec 3 §2 "Support: tabs of article categories with carousels ... and a contact button."
export default function Support() {
  const { page, categories } = useLoaderData<typeof loader>();
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('category');
  const selected = categories.find((category) => String(category.id) === requested) ?? categories[0];
  return (
    <div className="support-page">
      <PageHero title={page.title} excerpt={page.excerpt}>
        <ButtonLink to="/contact-us">Contact us</ButtonLink>
      </PageHero>
      {selected ? (
        <>
          {/* The tab buttons need JavaScript; before it loads, the same choice is a link. */}
          <noscript>
            <nav className="tabs" aria-label="Article categories">
              {categories.map((category) => (
                <a key={category.id} href={`?category=${category.id}`} aria-current={category.id === selected.id ? 'page' : undefined}>
                  {category.name}
                </a>
              ))}
            </nav>
          </noscript>
          <Tabs
            label="Article categories"
            tabs={categories.map((category) => ({ id: String(category.id), label: category.name }))}
            selected={String(selected.id)}
            onSelect={(id) => setSearchParams({ category: id }, { replace: true, preventScrollReset: true })}
          />
          <section role="tabpanel" id={`panel-${selected.id}`} aria-labelledby={`tab-${selected.id}`}>
            <ArticleCarousel key={selected.id} articles={selected.articles} label={selected.name} />
          </section>
        </>
      ) : (
        <p>No articles yet.</p>
      )}
    </div>
  );
}

export const handle = cacheable;
