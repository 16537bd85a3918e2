import type { ReactNode } from 'react';
import { expect } from 'vitest';
import { plainMarkup } from '~/services/platform/plain-markup.server';

type Writer = (node: ReactNode) => string | null;

/**
 * Renders with the server's plain-markup writer and without it, checks that the writer was used
 * (not left to React) and that the two documents are the same, and answers the markup.
 */
export async function expectPlainMarkupAsReact(render: (writer: Writer | null) => Promise<string>): Promise<string> {
  const written: string[] = [];
  const html = await render((node) => {
    const markup = plainMarkup(node);
    if (markup !== null) written.push(markup);
    return markup;
  });
  expect(written).toHaveLength(1);
  expect(html).toBe(await render(null));
  return html;
}
