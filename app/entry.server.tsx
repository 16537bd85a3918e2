import { PassThrough } from 'node:stream';
import type { AppLoadContext, EntryContext } from '@remix-run/node';
import { createReadableStreamFromReadable } from '@remix-run/node';
import { RemixServer } from '@remix-run/react';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { NonceContext } from '~/components/shell/nonce';
import { applySecurityHeaders, newNonce } from '~/services/security.server';

export { screenRequest, secureResponse } from '~/services/security.server';

export { startServices, stopServices } from '~/services/startup.server';
export { warmFlowsCatalogue } from '~/lib/flows/catalogue.server';

const ABORT_DELAY_MS = 5_000;

// `vite dev` has no start-up hook of ours: open the database when this module loads.
if (import.meta.env.DEV) {
  const { startServices } = await import('~/services/startup.server');
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
  const waitForAll = isbot(request.headers.get('user-agent') ?? '');
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY_MS} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(
            new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell streamed are logged here; before it, onShellError rejects.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY_MS);
  });
}
