import { cacheable } from '~/lib/response-cache';
import { contentPageLoader } from '~/services/content/content-pages.server';

// Spec 3 §2 "Content pages": the CMS page with the slug 'team-uae'.
export const loader = contentPageLoader('team-uae');
export { ContentPage as default, contentPageMeta as meta, NotFoundBoundary as ErrorBoundary } from '~/components/content/ContentPage';

export const handle = cacheable;
