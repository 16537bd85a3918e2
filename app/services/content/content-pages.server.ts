import type { LoaderFunctionArgs } from '@remix-run/node';
import { cms } from './cms/index.server';
import type { CmsPage } from '../../lib/content/cms-types';

/** A CMS page by slug, or the route's 404 (rendered inside the shell by the route's boundary). */
export async function requirePage(slug: string): Promise<CmsPage> {
  const page = await cms().getPage(slug);
  if (!page) throw new Response('Page not found', { status: 404, statusText: 'Not Found' });
  return page;
}

/** The loader of a plain content page: `export const loader = contentPageLoader('about');` */
export function contentPageLoader(slug: string) {
  return async (_args: LoaderFunctionArgs) => ({ page: await requirePage(slug) });
}
