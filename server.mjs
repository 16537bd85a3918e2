// The production server: opens the database before it listens, serves the Remix build,
// and drains on SIGTERM/SIGINT (below) so the process exits having lost no request.
import express from 'express';
import { createRequire } from 'node:module';
import { createRequestHandler } from '@remix-run/node';

// The build is a production build: React and the libraries must run their production code
// whatever the app's APP_MODE (development mode renders several times slower). Set before
// the build, and with it React, is loaded.
process.env.NODE_ENV = 'production';

// The adapter's request and response converters (its index exports only the whole handler).
const { createRemixRequest, sendRemixResponse } = createRequire(import.meta.url)('@remix-run/express/dist/server.js');

const build = await import('./build/server/index.js');
const {
  startServices,
  stopServices,
  startDraining,
  drainTimings,
  warmFlowsCatalogue,
  screenRequest,
  secureResponse,
  discardUnreadBody,
  isTrustedProxy,
  ticketFor,
  cachedResponse,
  keepResponse,
  recordRender,
  releaseTicket,
  inSiteOriginOf,
  noteListeningPort,
  requestSiteOrigin,
  documentBodyOf,
  inFlightRequests,
  serveFlowReport,
  FLOW_REPORT_PATH,
} = build.entry.module;

await startServices();

const app = express();
app.disable('x-powered-by');
// Nothing reads req.query (Remix reads the URL itself): no query-string parse per request.
app.set('query parser', false);
// The TCP peer, for the rate limiter and the loopback rule of /dev/outbox: always overwritten,
// so a client cannot send its own (app/services/rate-limit.server.ts reads it).
// Only a trusted proxy may name the site's origin (X-Forwarded-Proto/-Host, when SITE_URL is
// unset: app/services/platform/site-origin.server.ts, decision 120); anyone else's are dropped.
app.use((req, _res, next) => {
  const peer = req.socket.remoteAddress ?? 'unknown';
  req.headers['x-paceline-peer'] = peer;
  if (!isTrustedProxy(peer)) {
    delete req.headers['x-forwarded-host'];
    delete req.headers['x-forwarded-proto'];
  }
  next();
});
app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y' }));
const publicFiles = express.static('build/client', { maxAge: '1h' });
// Every public file has an extension and no page path has one: pages skip the disk lookup.
app.use((req, res, next) => (/\.[^/]+$/.test(req.path) ? publicFiles(req, res, next) : next()));
// Remix's express adapter, with the request screened first (same origin, readable forms:
// app/services/security.server.ts) so a hostile post is a 4xx before any action runs.
const handleRemix = createRequestHandler(build, 'production');
// Pages their routes allow to be kept are answered from the page cache while nothing they read
// has been written (app/services/platform/response-cache.server.ts, decisions 102 and 145).
// Each request runs with its site origin in scope: every URL it builds starts with it, never
// with its Host.
// Requests being answered, so SIGTERM can wait for them and name them (and close keep-alive
// sockets after them): app/services/platform/in-flight.server.ts.
const inFlight = inFlightRequests();
let stopping = false;
app.use((req, res, next) => {
  inFlight.track(req, res);
  // A body the answer left unread would hold up the next request on this connection (decision 172).
  res.on('finish', () => discardUnreadBody(req));
  if (stopping) res.setHeader('Connection', 'close');
  next();
});
// Flow activity reports come from every page: answered before Remix, the same way its route does
// (app/services/platform/flow-report-endpoint.server.ts, decision 193).
app.post(FLOW_REPORT_PATH, (req, res) => serveFlowReport(req, res));
app.all('*', (req, res, next) => inSiteOriginOf(req, () => answer(req, res, next)));

async function answer(req, res, next) {
  let ticket = null;
  try {
    ticket = await ticketFor({
      method: req.method,
      origin: requestSiteOrigin(req),
      url: req.originalUrl,
      cookie: req.headers.cookie,
      fetchDest: req.headers['sec-fetch-dest'],
    });
    // A page another request is rendering right now is waited for, not rendered twice.
    const kept = ticket && (await cachedResponse(ticket));
    if (kept) {
      res.writeHead(kept.status, kept.headers).end(kept.body);
      return;
    }
    const request = createRemixRequest(req, res);
    const screened = await screenRequest(request);
    // What the render reads decides which writes make its answer stale (decision 145). Loaders
    // learn whether they answer a document (not a `.data` request): the shell's content then
    // travels in the document's own script instead of its data (decision 162).
    const loadContext = { document: !req.path.endsWith('.data') };
    const response = screened instanceof Response ? screened : await recordRender(ticket, () => handleRemix(screened, loadContext));
    const sent = await keepResponse(ticket, secureResponse(request, response));
    releaseTicket(ticket);
    await send(res, sent);
  } catch (error) {
    next(error);
  } finally {
    releaseTicket(ticket);
  }
}

/** A rendered document goes out in one write (decision 151); anything else through Remix's adapter. */
async function send(res, response) {
  const document = documentBodyOf(response);
  if (!document) return sendRemixResponse(res, response);
  const headers = [];
  for (const [name, value] of response.headers) headers.push(name, value);
  (response.statusText ? res.writeHead(response.status, response.statusText, headers) : res.writeHead(response.status, headers)).end(document);
}

const port = Number(process.env.PORT ?? 3000);
// LISTEN_SOCKET: a Unix socket instead of the port (`npm run bench` needs no free port).
const address = process.env.LISTEN_SOCKET || port;
const server = app.listen(address, () => {
  // The port actually taken (PORT=0 picks a free one): the site's origin when SITE_URL is unset.
  const listening = server.address();
  if (typeof listening === 'object' && listening) noteListeningPort(listening.port);
  console.log(`Paceline is listening on ${process.env.LISTEN_SOCKET || `http://localhost:${listening?.port ?? port}`}`);
  warmFlowsCatalogue();
});
// An idle keep-alive socket is closed by the server only after any client or balancer in front
// would have let it go (AWS's balancers keep 60 s): with Node's 5 s, a client reusing a socket
// just as the server closes it gets ECONNRESET (a 502 behind a proxy). SIGTERM still closes idle
// sockets at once (below). The headers' limit must exceed it, or Node cuts long-idle sockets first.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

/** Waits until `done()` or `ms` have passed, looking every 50 ms. */
async function waitFor(done, ms) {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
}

// SIGTERM drains in the order a balancer needs (decision 165). /readyz answers 503 at once while
// the instance goes on serving for DRAIN_NOTICE_SECONDS, longer than the balancer's checks take
// to mark it down, so nothing is sent to a listener about to close (requests waiting in its
// backlog would be reset, and a balancer may not resend a POST). Then the listener closes, idle
// keep-alive sockets are closed, requests in flight finish, the job workers stop (a job still
// running at the deadline is failed and retried elsewhere) and the database closes: requests
// and jobs share one deadline, DRAIN_SECONDS after the listener closed. SIGINT (Ctrl-C at a
// terminal, no balancer to tell) skips the notice.
const { noticeMs, drainMs } = drainTimings();
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  startDraining();
  const notice = signal === 'SIGTERM' ? noticeMs : 0;
  console.log(`${signal}: /readyz answers 503; serving ${notice / 1000} s more before the listener closes`);
  await new Promise((resolve) => setTimeout(resolve, notice));
  const deadline = Date.now() + drainMs;
  server.close();
  server.closeIdleConnections();
  console.log(`${signal}: the listener is closed; ${inFlight.size} request(s) in flight${inFlight.size ? `: ${inFlight.names().join(', ')}` : ''}`);
  await waitFor(() => inFlight.size === 0, drainMs);
  server.closeAllConnections();
  await stopServices(Math.max(deadline - Date.now(), 1_000)).catch((error) => console.error(error));
  console.log(`${signal}: closed`);
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
