import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { createRequestHandler, type ServerBuild } from '@remix-run/node';
import type { Connect, Plugin } from 'vite';

/**
 * `remix vite:dev` screens requests as `server.mjs` does (issue 15, decision 063): the same
 * `screenRequest` and `secureResponse`, loaded through Vite so they are the app's own module
 * instances. Every request gets its TCP peer in `X-Paceline-Peer` (a client's own value is
 * overwritten); a state-changing request is screened, and when it passes, this middleware hands
 * the screened request (its body already read) to the Remix build itself, because the body of
 * the Node request cannot be read twice. Reads (GET, HEAD, OPTIONS) are screened for their
 * address (issue 35 item 2) and go on to Remix's own middleware. A body an answer left unread is
 * dropped once it has gone, as server.mjs does (decision 172).
 */
type SecurityModule = typeof import('../app/services/platform/security.server');
type SiteOriginModule = typeof import('../app/services/platform/site-origin.server');
type UnreadBodyModule = typeof import('../app/services/platform/unread-body.server');

const SECURITY_MODULE = '/app/services/platform/security.server.ts';
const SITE_ORIGIN_MODULE = '/app/services/platform/site-origin.server.ts';
const UNREAD_BODY_MODULE = '/app/services/platform/unread-body.server.ts';
const SERVER_BUILD = 'virtual:remix/server-build';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function toRequest(req: Connect.IncomingMessage, read: boolean): Request {
  // The address the browser used (Host), never the Origin it claims: that is what is checked.
  const url = new URL(req.originalUrl ?? req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    for (const one of [value ?? []].flat()) headers.append(name, one);
  }
  if (read) return new Request(url, { method: req.method, headers });
  const body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
  return new Request(url, { method: req.method, headers, body, duplex: 'half' });
}

async function send(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status;
  for (const [name, value] of response.headers) if (name !== 'set-cookie') res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader('Set-Cookie', cookies);
  if (!response.body) {
    res.end();
    return;
  }
  const reader = response.body.getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) res.write(next.value);
  res.end();
}

function writePeer(req: IncomingMessage): void {
  req.headers['x-paceline-peer'] = req.socket.remoteAddress ?? 'unknown';
}

export function requestScreen(): Plugin {
  return {
    name: 'paceline-request-screen',
    apply: 'serve',
    configureServer(server) {
      // Every request runs with its site origin in scope (decision 120), as in server.mjs; the
      // site's port is the one this server accepted the request on.
      server.middlewares.use((req, _res, next) => {
        writePeer(req);
        server.ssrLoadModule(SITE_ORIGIN_MODULE).then((loaded) => {
          const { inSiteOriginOf, noteListeningPort } = loaded as SiteOriginModule;
          noteListeningPort(req.socket.localPort);
          inSiteOriginOf({ get: (name) => [req.headers[name.toLowerCase()] ?? null].flat()[0] }, next);
        }, next);
      });
      const handleRemix = createRequestHandler(() => server.ssrLoadModule(SERVER_BUILD) as Promise<ServerBuild>, 'development');
      // Returned: runs after Vite's own middlewares (assets, modules), before Remix's when this
      // plugin comes before remix() in vite.config.ts.
      return () => {
        server.middlewares.use((req, res, next) => {
          void screenAndAnswer(req, res, next);
        });
        async function screenAndAnswer(req: Parameters<typeof toRequest>[0], res: Parameters<typeof send>[0], next: (error?: unknown) => void) {
          const read = SAFE_METHODS.has(req.method ?? 'GET');
          try {
            const { screenRequest, secureResponse } = (await server.ssrLoadModule(SECURITY_MODULE)) as SecurityModule;
            const { discardUnreadBody } = (await server.ssrLoadModule(UNREAD_BODY_MODULE)) as UnreadBodyModule;
            res.on('finish', () => discardUnreadBody(req));
            const request = toRequest(req, read);
            const screened = await screenRequest(request);
            if (read && !(screened instanceof Response)) return next();
            const response = screened instanceof Response ? screened : await handleRemix(screened);
            await send(res, secureResponse(request, response));
          } catch (error) {
            next(error);
          }
        }
      };
    },
  };
}
