import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { SiteLink } from '~/components/ui/SiteLink';
import { cacheable } from '~/lib/response-cache';
import { Prose, pageMeta } from '~/components/content/ContentPage';
import { cms } from '~/services/content/cms/index.server';
import { ButtonLink } from '~/components/ui/Button';

export { NotFoundBoundary as ErrorBoundary } from '~/components/content/ContentPage';

export const meta: MetaFunction<typeof loader> = ({ data }) => pageMeta(data?.article);

// Spec 3 §2 "Article page: shows an article by slug." An unknown slug is a 404 inside the shell.
export async function loader({ params }: LoaderFunctionArgs) {
  const article = await cms().getArticle(params.slug ?? '');
  if (!article) throw new Response('Article not found', { status: 404, statusText: 'Not Found' });
  return { article };
}

export default function ArticlePage() {
  const { article } = useLoaderData<typeof loader>();
  return (
    <article className="article-page">
      <p className="article-back">
        <SiteLink to="/support">← Support</SiteLink>
      </p>
      <h1>{article.title}</h1>
      {article.excerpt ? <p className="page-lead">{article.excerpt}</p> : null}
      {article.image ? <img className="article-image" src={article.image} alt="" width={480} height={270} /> : null}
      <Prose html={article.content} />
      <aside className="article-help card">
        <p>Still stuck? Our support team answers every message.</p>
        <ButtonLink to="/contact-us">Contact support</ButtonLink>
      </aside>
    </article>
  );
}

export const handle = cacheable;
