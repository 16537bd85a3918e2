// Serves a Remix build the way server.mjs serves Paceline's (Express, static assets, the
// Remix request handler, production React), on a Unix socket or a port: `npm run bench` runs
// the bare Remix app of ../shared/bench/bare-remix with it, so the two servers differ only
// in the app they serve.  BUILD_DIR=<folder with server/ and client/> LISTEN=<socket|port>
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import express from 'express';
import { createRequestHandler } from '@remix-run/express';

process.env.NODE_ENV = 'production';
const buildDir = process.env.BUILD_DIR;
const build = await import(pathToFileURL(path.join(buildDir, 'server/index.js')).href);

const app = express();
app.disable('x-powered-by');
app.use('/assets', express.static(path.join(buildDir, 'client/assets'), { immutable: true, maxAge: '1y' }));
app.use(express.static(path.join(buildDir, 'client'), { maxAge: '1h' }));
app.all('*', createRequestHandler({ build, mode: 'production' }));
const listen = process.env.LISTEN;
const server = app.listen(/^\d+$/.test(listen) ? Number(listen) : listen);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
