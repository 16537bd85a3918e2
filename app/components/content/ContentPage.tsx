import type { MetaFunction } from '@remix-run/node';
import { isRouteErrorResponse, useLoaderData, useRouteError } from '@remix-run/react';
import type { ReactNode } from 'react';
import type { CmsPage } from '~/lib/content/cms-types';
import { ButtonLink } from '~/components/ui/Button';

/** The page header every content page opens with. */
export function PageHero({ title, excerpt, children }: { title: string; excerpt?: string; children?: ReactNode }) {
  return (
    <header className="page-hero">
      <h1>{title}</h1>
      {excerpt ? <p className="page-lead">{excerpt}</p> : null}
      {children}
    </header>
  );
}

/** CMS HTML: trusted files, or WordPress HTML already sanitised by the adapter. */
export function Prose({ html, className = '' }: { html: string; className?: string }) {
  return <div className={`prose ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** The default screen of a plain content page (about, terms, privacy, clubs, ruleset, routes). */
export function ContentPage() {
  const { page } = useLoaderData<{ page: CmsPage }>();
  return (
    <article className="content-page">
      <PageHero title={page.title} excerpt={page.excerpt} />
      <Prose html={page.html} />
    </article>
  );
}

export function pageMeta(page: { title: string; excerpt?: string } | undefined): ReturnType<MetaFunction> {
  if (!page) return [{ title: 'Page not found · Paceline' }];
  return [{ title: `${page.title} · Paceline` }, { name: 'description', content: page.excerpt ?? '' }];
}

export const contentPageMeta: MetaFunction = ({ data }) => pageMeta((data as { page?: CmsPage } | undefined)?.page);

/** A missing page or article: a real not-found page, inside the shell, with status 404. */
export function NotFoundBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="not-found">
      <p className="not-found-code">{notFound ? '404' : 'Error'}</p>
      <h1>{notFound ? 'We could not find that page' : 'Something went wrong'}</h1>
      <p>{notFound ? 'It may have moved, or the link may be mistyped.' : 'Please try again in a moment.'}</p>
      <p className="not-found-links">
        <ButtonLink to="/">Back to home</ButtonLink>
        <ButtonLink to="/support" variant="secondary">Visit support</ButtonLink>
      </p>
    </section>
  );
}
