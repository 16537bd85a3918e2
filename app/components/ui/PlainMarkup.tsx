import { createContext, createElement, useContext, type ReactNode } from 'react';

/** The server's entry provides the writer of plain markup (services/platform/plain-markup.server.ts); the browser has none. */
export const PlainMarkupContext = createContext<((node: ReactNode) => string | null) | null>(null);

/**
 * An element whose children are plain markup (decisions 161, 162): the server writes them with
 * the plain-markup writer when it can, and the browser renders and hydrates them like any other.
 * When the writer cannot (a hook, a special element), React renders them in place as usual.
 * For long lists of hook-free parts: a table's rows, a grid of cards.
 */
export function PlainMarkup({ as, className, children }: { as: 'tbody' | 'div'; className?: string; children: ReactNode }) {
  const write = useContext(PlainMarkupContext);
  const html = write ? write(children) : null;
  return html === null ? createElement(as, { className }, children) : createElement(as, { className, dangerouslySetInnerHTML: { __html: html } });
}
