import { cacheable } from '~/lib/response-cache';
import { contentPageLoader } from '~/services/content/content-pages.server';

// Spec 3 §2 "Content pages": the CMS page with the slug 'paceline-ruleset'.
export const loader = contentPageLoader('paceline-ruleset');
export { ContentPage as default, contentPageMeta as meta, NotFoundBoundary as ErrorBoundary } from '~/components/content/ContentPage';

export const handle = cacheable;
