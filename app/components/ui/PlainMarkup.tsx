import { createContext, createElement, useContext, type ReactNode } from 'react';

/** The server's entry provides the writer of plain markup (services/platform/plain-markup.server.ts); the browser has none. */
export const PlainMarkupContext = createContext<((node: ReactNode) => string | null) | null>(null);

/**
 * An element whose children are plain markup (decision 161): the server writes them with the
 * plain-markup writer when it can, and the browser renders and hydrates them like any other.
 * When the writer cannot (a hook, a special element), React renders them in place as usual.
 */
export function PlainMarkup({ as, children }: { as: 'tbody'; children: ReactNode }) {
  const write = useContext(PlainMarkupContext);
  const html = write ? write(children) : null;
  return html === null ? createElement(as, null, children) : createElement(as, { dangerouslySetInnerHTML: { __html: html } });
}
