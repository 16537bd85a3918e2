import { renderToString } from 'react-dom/server';
import type { MarkupKeeper } from '~/lib/kept-markup';
import { keptReadsAllowed } from '~/db/write-watch.server';

const keptParts = new WeakMap<object, Map<string, string>>();

/**
 * The shell's CMS parts (main menu, footer columns) rendered once per content object: they were
 * about 40 % of the shell's React render on every page (decision 159). A new object from the CMS
 * (an edited menu) is a new key, and the old markup goes with the old object. `renderToString`
 * may run inside a render: React restores its own state when a nested render returns. With
 * `READ_CACHES=false` nothing is kept, so the bench's table without kept reads pays the render.
 */
export const keptMarkup: MarkupKeeper = (keptBy, part, render) => {
  if (!keptReadsAllowed()) return renderToString(render());
  let parts = keptParts.get(keptBy);
  if (!parts) keptParts.set(keptBy, (parts = new Map<string, string>()));
  let html = parts.get(part);
  if (html === undefined) {
    html = renderToString(render());
    parts.set(part, html);
  }
  return html;
};
