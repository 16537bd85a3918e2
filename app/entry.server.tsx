import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { renderToPipeableStream } from 'react-dom/server';
import { NonceContext } from '~/components/shell/nonce';
import { RESPONSE_CACHE_HEADER, responseCacheSeconds } from '~/lib/response-cache';
import { documentResponse, documentSink } from '~/services/platform/document-body.server';
import { applySecurityHeaders, newNonce } from '~/services/platform/security.server';

export { screenRequest, secureResponse } from '~/services/platform/security.server';
export { isTrustedProxy } from '~/services/platform/peer.server';
export { inSiteOriginOf, noteListeningPort, requestSiteOrigin } from '~/services/platform/site-origin.server';
export { cachedResponse, keepResponse, recordRender, releaseTicket, ticketFor } from '~/services/platform/response-cache.server';
export { documentBodyOf } from '~/services/platform/document-body.server';

export { migrateDatabase, startServices, stopServices } from '~/services/platform/startup.server';
export { startDraining } from '~/services/platform/readiness.server';
export { warmFlowsCatalogue } from '~/services/platform/flows-catalogue.server';

const ABORT_DELAY_MS = 5_000;

// `vite dev` has no start-up hook of ours: open the database when this module loads.
if (import.meta.env.DEV) {
  const { startServices } = await import('~/services/platform/startup.server');
  await startServices();
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  // One nonce per response: only scripts Remix and the root write may run (issue 15 item 11).
  const nonce = newNonce();
  applySecurityHeaders(new URL(request.url).pathname, responseHeaders, nonce);
  const cacheSeconds = responseCacheSeconds(remixContext.staticHandlerContext.matches.map(({ route }) => remixContext.routeModules[route.id]?.handle));
  if (!import.meta.env.DEV && cacheSeconds > 0 && responseStatusCode === 200) responseHeaders.set(RESPONSE_CACHE_HEADER, String(cacheSeconds));
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let abortTimer: ReturnType<typeof setTimeout> | undefined;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        // No page suspends on data (single fetch resolves every loader before rendering), so
        // the whole document is ready about as soon as its shell: it goes out as one buffer,
        // one socket write instead of one per React chunk, for browsers and bots alike
        // (docs/performance.md).
        onAllReady() {
          shellRendered = true;
          const body = documentSink((html) => {
            clearTimeout(abortTimer);
            responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
            responseHeaders.set('Content-Length', String(html.byteLength));
            resolve(documentResponse(html, { headers: responseHeaders, status: responseStatusCode }));
          }, reject);
          pipe(body as unknown as NodeJS.WritableStream);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell rendered are logged here; before it, onShellError rejects.
          if (shellRendered) console.error(error);
        },
      },
    );
    abortTimer = setTimeout(abort, ABORT_DELAY_MS);
  });
}
