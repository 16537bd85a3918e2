// The mixed load of `npm run bench` (issue 21): 4 connections cycle visitor and signed-in pages
// while writers post at a steady rate, in the load process (bench/load.mjs). The writers act as
// riders do — subscribe to the newsletter, sign in through the form (robot check solved),
// save their profile, upload a real FIT file — and each checks that what it wrote shows on the
// next request (a stale page is counted, never hidden).
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

export const WRITERS = Number(process.env.BENCH_WRITERS ?? 6);
export const writerEmails = Array.from({ length: WRITERS }, (_, index) => `writer-${index + 1}@paceline.local`);
export const WRITERS_SEED = 'scripts/seed-bench-writers.ts';
export const WRITE_RATES = (process.env.BENCH_WRITE_RATES ?? '0,1,10').split(',').map(Number);

/** What the readers cycle through: the public site as a visitor, and signed-in pages. */
export const MIXED_PAGES = [
  { path: '/' },
  { path: '/faqs' },
  { path: '/events' },
  { path: '/event/detail/1' },
  { path: '/teams' },
  { path: '/user/profile', signedInAs: 'rider@paceline.local' },
  { path: '/wallet', signedInAs: 'rider@paceline.local' },
  { path: '/user/profile', signedInAs: 'pro@paceline.local' },
  { path: '/user/activities', signedInAs: 'pro@paceline.local' },
];

/** Real recordings of ../shared/fixtures/fit (their README names the sources and licences). */
const FIT_FILES = [
  'sample-activity-indoor-trainer.fit',
  'edge510-test.fit',
  'null_compressed_speed_dist.fit',
  'Edge810-Vector-2013-08-16-15-35-10.fit',
  'road-with-power.fit',
];

function send(socketPath, method, urlPath, { headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath, method, path: urlPath, headers: { Host: 'localhost', ...headers } }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    if (body) request.write(body);
    request.end();
  });
}

const form = (fields) => new URLSearchParams(fields).toString();
const FORM = { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://localhost' };

function multipart(name, fileName, bytes) {
  const boundary = `----paceline${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  return { body: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` };
}

/**
 * A writer for one run: `write()` performs the next write of the cycle and its check; the
 * tally counts writes, failed writes (4xx/5xx), 5xx and stale pages.
 */
export function createWriter({ socketPath, cookies, fixturesDir }) {
  const files = FIT_FILES.map((name) => ({ name, bytes: readFileSync(path.join(fixturesDir, name)) }));
  // Each (writer, file) pair uploads once: a second upload of the same ride is a duplicate, not a write.
  const uploads = writerEmails.flatMap((email) => files.map((file) => ({ email, file })));
  // byKind: per kind of write, how many and their total milliseconds (the write and its check).
  const tally = { writes: 0, failed: 0, serverErrors: 0, stale: 0, byKind: {} };
  let turn = 0;
  let saves = 0;
  const token = (email) => decodeURIComponent(/paceline_token=([^;]+)/.exec(cookies[email])?.[1] ?? '');
  const answered = (kind, response) => {
    tally.writes += 1;
    tally.byKind[kind] ??= { count: 0, ms: 0 };
    tally.byKind[kind].count += 1;
    if (response.status >= 500) tally.serverErrors += 1;
    if (response.status >= 400) {
      tally.failed += 1;
      // A refused write is named with its status and the start of its answer, so the table says why.
      const reason = `${kind} answered ${response.status}: ${response.text.replace(/\s+/g, ' ').slice(0, 160)}`;
      tally.refusals ??= {};
      tally.refusals[reason] = (tally.refusals[reason] ?? 0) + 1;
    }
    return response.status < 400;
  };
  const kinds = {
    async subscribe() {
      const response = await send(socketPath, 'POST', '/subscribe', { headers: FORM, body: form({ email: `reader-${Date.now()}-${turn}@example.com` }) });
      answered('subscribe', response);
    },
    async login() {
      const email = writerEmails[turn % writerEmails.length];
      const challenge = JSON.parse((await send(socketPath, 'GET', '/auth/robot-check')).text);
      const solution = await solveChallenge({ challenge, deriveKey });
      const altcha = Buffer.from(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution })).toString(
        'base64',
      );
      const response = await send(socketPath, 'POST', '/auth/login', { headers: FORM, body: form({ email, password: 'paceline-demo', altcha }) });
      if (!answered('login', response)) return;
      const cookie = (response.headers['set-cookie'] ?? []).map((header) => header.split(';')[0]).join('; ');
      const profile = await send(socketPath, 'GET', '/user/profile', { headers: { Cookie: cookie } });
      if (profile.status !== 200 || !profile.text.includes('Writer')) tally.stale += 1;
    },
    async profile() {
      const email = writerEmails[turn % writerEmails.length];
      const lastname = `Saved ${(saves += 1)}`;
      const fields = { intent: 'profile', firstname: 'Writer', lastname, country: '246', dob: '1990-01-01', weight: '70', height: '178' };
      const response = await send(socketPath, 'POST', '/user/profile', { headers: { ...FORM, Cookie: cookies[email] }, body: form(fields) });
      if (!answered('profile save', response)) return;
      const page = await send(socketPath, 'GET', '/user/profile', { headers: { Cookie: cookies[email] } });
      if (!page.text.includes(lastname)) tally.stale += 1;
    },
    async upload() {
      const next = uploads.shift();
      if (!next) return kinds.profile();
      const { body, type } = multipart('file', next.file.name, next.file.bytes);
      const response = await send(socketPath, 'POST', '/api/activities', {
        headers: { 'Content-Type': type, Authorization: `Bearer ${token(next.email)}` },
        body,
      });
      if (!answered('activity upload', response)) return;
      const { id } = JSON.parse(response.text);
      const list = await send(socketPath, 'GET', '/user/activities/list?page=1', { headers: { Cookie: cookies[next.email] } });
      if (!list.text.includes(id)) tally.stale += 1;
    },
  };
  const cycle = [kinds.subscribe, kinds.login, kinds.profile, kinds.upload];
  return {
    tally,
    async write() {
      const kind = cycle[turn % cycle.length];
      turn += 1;
      const started = performance.now();
      try {
        await kind();
        const entry = tally.byKind[kind.name === 'profile' ? 'profile save' : kind.name === 'upload' ? 'activity upload' : kind.name];
        if (entry) entry.ms += performance.now() - started;
      } catch (error) {
        tally.failed += 1;
        tally.errors = String(error);
      }
    },
  };
}

/** Runs `writer.write()` `rate` times a second until `stop()` (writes overlap when one is slow). */
export function writeAtRate(writer, rate) {
  if (!(rate > 0)) return { stop: async () => {} };
  const pending = new Set();
  const timer = setInterval(() => {
    const write = writer.write();
    pending.add(write);
    write.finally(() => pending.delete(write));
  }, 1000 / rate);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(pending);
    },
  };
}
