import type { ReactElement } from 'react';

/**
 * On the server, the HTML of `render()` for a part of an object, rendered once and kept while the
 * object lives (`keptMarkup`, app/services/platform/kept-markup.server.ts; `KeptMarkup`,
 * app/components/shell/kept-markup.tsx; decision 159).
 */
export type MarkupKeeper = (keptBy: object, part: string, render: () => ReactElement) => string;
