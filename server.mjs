// The production server: opens the database before it listens, serves the Remix build,
// and closes the database on SIGTERM/SIGINT so the process exits.
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
const { startServices, stopServices, warmFlowsCatalogue, screenRequest, secureResponse, isTrustedProxy, ticketFor, cachedResponse, keepResponse, recordRender, releaseTicket } =
  build.entry.module;

await startServices();

const app = express();
app.disable('x-powered-by');
// The TCP peer, for the rate limiter and the loopback rule of /dev/outbox: always overwritten,
// so a client cannot send its own (app/services/rate-limit.server.ts reads it).
// Remix's adapter builds the request's URL from X-Forwarded-Host, and the same-origin rule
// compares Origin with that URL: only a trusted proxy may name the host.
app.use((req, _res, next) => {
  const peer = req.socket.remoteAddress ?? 'unknown';
  req.headers['x-paceline-peer'] = peer;
  if (!isTrustedProxy(peer)) delete req.headers['x-forwarded-host'];
  next();
});
app.use('/assets', express.static('build/client/assets', { immutable: true, maxAge: '1y' }));
const publicFiles = express.static('build/client', { maxAge: '1h' });
// Every public file has an extension and no page path has one: pages skip the disk lookup.
app.use((req, res, next) => (/\.[^/]+$/.test(req.path) ? publicFiles(req, res, next) : next()));
// Remix's express adapter, with the request screened first (same origin, readable forms:
// app/services/security.server.ts) so a hostile post is a 4xx before any action runs.
const handleRemix = createRequestHandler(build, 'production');
// Pages their routes allow to be kept are answered from the page cache while the database
// has not changed (app/services/platform/response-cache.server.ts, decisions 102 and 145).
app.all('*', async (req, res, next) => {
  let ticket = null;
  try {
    ticket = await ticketFor({
      method: req.method,
      origin: `${req.protocol}://${req.headers.host} ${req.headers['x-forwarded-host'] ?? ''}`,
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
    // What the render reads decides which writes make its answer stale (decision 145).
    const response = screened instanceof Response ? screened : await recordRender(ticket, () => handleRemix(screened, {}));
    const sent = await keepResponse(ticket, secureResponse(request, response));
    releaseTicket(ticket);
    await sendRemixResponse(res, sent);
  } catch (error) {
    next(error);
  } finally {
    releaseTicket(ticket);
  }
});

const port = Number(process.env.PORT ?? 3000);
// LISTEN_SOCKET: a Unix socket instead of the port (`npm run bench` needs no free port).
const address = process.env.LISTEN_SOCKET || port;
const server = app.listen(address, () => {
  console.log(`Paceline is listening on ${process.env.LISTEN_SOCKET || `http://localhost:${port}`}`);
  warmFlowsCatalogue();
});

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing`);
  server.close();
  server.closeAllConnections?.();
  await stopServices().catch((error) => console.error(error));
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
