import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { flowStateCounts, flowTransitionCounts } from '~/db/schema';
import { REPORT_LIMITS } from '~/lib/flows/activity';
import { findCatalogueEntry } from '~/machines/catalogue';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { flushFlowActivity, readFlowActivity } from './flow-activity.server';
import { serveFlowReport } from './flow-report-endpoint.server';
import { PEER_HEADER } from './peer.server';
import { REQUEST_REFUSALS } from './security.server';

const { db } = setUpTestDatabase();
const session = findCatalogueEntry('session')!;
const REPORT = JSON.stringify({ v: 1, m: [{ id: 'session', s: [['', 1]] }] });

// The handler server.mjs answers the report with, before Remix (decision 193), on a real socket.
let server: Server;
let origin: string;
beforeAll(async () => {
  server = createServer(serveFlowReport);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(async () => {
  await flushFlowActivity();
  await db().delete(flowStateCounts);
  await db().delete(flowTransitionCounts);
});

let peers = 0;
async function send(body: BodyInit, headers: Record<string, string> = {}) {
  const response = await fetch(`${origin}/flows/report`, {
    method: 'POST',
    body,
    // The site's origin in tests is http://localhost:3000 (SITE_URL unset, no server listening: decision 120).
    headers: { 'Content-Type': 'text/plain;charset=UTF-8', Origin: 'http://localhost:3000', [PEER_HEADER]: `192.0.2.${(peers += 1)}`, ...headers },
    duplex: 'half',
  } as RequestInit);
  return { status: response.status, text: await response.text(), headers: response.headers };
}

const started = async () => {
  await flushFlowActivity();
  return (await readFlowActivity(session, 1)).states[''] ?? 0;
};

describe("server.mjs's report handler (decision 193)", () => {
  it('counts a report and answers 204 with the headers every answer of the site has, and no cookie', async () => {
    const answer = await send(REPORT);
    expect(answer.status).toBe(204);
    expect(Object.fromEntries(answer.headers)).toMatchObject({
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-frame-options': 'DENY',
    });
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect(await started()).toBe(1);
  });

  it('checks the origin itself (the request screen never sees this request)', async () => {
    expect(await send(REPORT, { Origin: 'https://evil.example' })).toMatchObject({ status: 403, text: REQUEST_REFUSALS.crossSite });
    expect(await send(REPORT, { Origin: '', 'Sec-Fetch-Site': 'cross-site' })).toMatchObject({ status: 403 });
    expect(await started()).toBe(0);
  });

  it('refuses a body past the cap as it arrives, declared or streamed, and says why', async () => {
    const big = `{"v":1,"m":[],"x":"${'x'.repeat(REPORT_LIMITS.maxBytes)}"}`;
    expect(await send(big)).toMatchObject({ status: 413, text: expect.stringMatching(/larger than/) });
    const streamed = new ReadableStream({
      start(controller) {
        for (let chunk = 0; chunk < 20; chunk += 1) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)));
        controller.close();
      },
    });
    expect(await send(streamed)).toMatchObject({ status: 413 });
    expect(await send('{"v":1,"m":[{"id":"session","t":[["checking","NOPE","signedIn",1]]}]}')).toMatchObject({ status: 400 });
    expect(await send(REPORT, { 'Content-Type': 'multipart/form-data; boundary=x' })).toMatchObject({ status: 415 });
    expect(await started()).toBe(0);
  });

  it('answers Do Not Track and Global Privacy Control as taken and counts nothing', async () => {
    expect((await send(REPORT, { DNT: '1' })).status).toBe(204);
    expect((await send(REPORT, { 'Sec-GPC': '1' })).status).toBe(204);
    expect(await started()).toBe(0);
  });
});
