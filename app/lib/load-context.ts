import type { AppLoadContext } from '@remix-run/server-runtime';

// What server.mjs tells a request's loaders beyond the request: a fresh object per request (the
// session lookup is scoped to it), with `document` set when the request renders a document.
declare module '@remix-run/server-runtime' {
  interface AppLoadContext {
    /** The answer is a document (not a `.data` request): a value may travel in its own script (decision 162). */
    document?: boolean;
  }
}

/** Whether this request's answer is a rendered document; false when unknown (`vite dev`), which is always safe. */
export function rendersDocument(context: AppLoadContext | undefined): boolean {
  return context?.document === true;
}
