import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { MarkupKeeperContext } from '~/components/shell/kept-markup';
import { NonceContext } from '~/components/shell/nonce';
import { PlainMarkupContext } from '~/components/ui/PlainMarkup';
import { RESPONSE_CACHE_HEADER, responseCacheSeconds } from '~/lib/response-cache';
import { renderDocument } from '~/services/platform/document-render.server';
import { keptMarkup } from '~/services/platform/kept-markup.server';
import { plainMarkup } from '~/services/platform/plain-markup.server';
import { applySecurityHeaders, newNonce } from '~/services/platform/security.server';

export { screenRequest, secureResponse } from '~/services/platform/security.server';
export { discardUnreadBody } from '~/services/platform/unread-body.server';
export { isTrustedProxy } from '~/services/platform/peer.server';
export { inSiteOriginOf, noteListeningPort, requestSiteOrigin } from '~/services/platform/site-origin.server';
export { cachedResponse, keepResponse, recordRender, releaseTicket, ticketFor } from '~/services/platform/response-cache.server';
export { documentBodyOf } from '~/services/platform/document-body.server';

export { migrateDatabase, startServices, stopServices } from '~/services/platform/startup.server';
export { drainTimings, startDraining } from '~/services/platform/readiness.server';
export { inFlightRequests } from '~/services/platform/in-flight.server';
export { warmFlowsCatalogue } from '~/services/platform/flows-catalogue.server';
export { serveFlowReport } from '~/services/platform/flow-report-endpoint.server';
export { FLOW_REPORT_PATH } from '~/lib/flows/activity';

// `vite dev` has no start-up hook of ours: open the database when this module loads.
if (import.meta.env.DEV) {
  const { startServices } = await import('~/services/platform/startup.server');
  await startServices();
}

// `vite dev` replaces components while the CMS's objects stay: markup kept then would be stale.
const markupKeeper = import.meta.env.DEV ? null : keptMarkup;

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
  return renderDocument(
    <NonceContext.Provider value={nonce}>
      <MarkupKeeperContext.Provider value={markupKeeper}>
        <PlainMarkupContext.Provider value={plainMarkup}>
          <RemixServer context={remixContext} url={request.url} nonce={nonce} />
        </PlainMarkupContext.Provider>
      </MarkupKeeperContext.Provider>
    </NonceContext.Provider>,
    remixContext,
    { status: responseStatusCode, headers: responseHeaders },
  );
}
