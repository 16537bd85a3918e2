import { afterEach, describe, expect, it } from 'vitest';
import { flowStateCounts, flowTransitionCounts } from '~/db/schema';
import { REPORT_LIMITS } from '~/lib/flows/activity';
import { findCatalogueEntry } from '~/machines/catalogue';
import { flushFlowActivity, readFlowActivity } from '~/services/platform/flow-activity.server';
import { screenRequest } from '~/services/platform/security.server';
import { PEER_HEADER } from '~/services/platform/peer.server';
import { setUpTestDatabase } from '../../../tests/helpers/db';
import { createTestUser, signedInRequest } from '../../../tests/helpers/users';
import { report, sessionCheck } from '../../../tests/fixtures/flows/reports';
import { action } from './route';

const { db } = setUpTestDatabase();
const session = findCatalogueEntry('session')!;

const REPORT = JSON.stringify(report(sessionCheck()));

let peers = 0;
/** A report as a browser sends it (text/plain, from the site itself), from a peer of its own. */
function posted(body: BodyInit = REPORT, headers: Record<string, string> = {}, init: RequestInit = {}) {
  return new Request('http://localhost:3000/flows/report', {
    method: 'POST',
    body,
    ...init,
    headers: { 'Content-Type': 'text/plain;charset=UTF-8', Origin: 'http://localhost:3000', [PEER_HEADER]: `192.0.2.${(peers += 1)}`, ...headers },
  });
}

async function send(request: Request) {
  const screened = await screenRequest(request);
  const response = screened instanceof Response ? screened : await action({ request: screened, params: {}, context: {} });
  return { status: response.status, text: await response.text(), headers: response.headers };
}

const started = async () => {
  await flushFlowActivity();
  return (await readFlowActivity(session, 1)).states[''] ?? 0;
};

afterEach(async () => {
  await flushFlowActivity();
  await db().delete(flowStateCounts);
  await db().delete(flowTransitionCounts);
});

describe('POST /flows/report under the dev server and in tests: the request screen, then the route (decision 191)', () => {
  it('takes a beacon-like text body through the request screen and counts it, answering 204 with no cookie', async () => {
    const answer = await send(posted());
    expect(answer.status).toBe(204);
    expect(answer.headers.get('Set-Cookie')).toBeNull();
    expect(answer.headers.get('Cache-Control')).toBe('no-store');
    expect(await started()).toBe(1);
  });

  it('counts the same for a signed-in rider: nothing of the session reaches the counts', async () => {
    const rider = await createTestUser();
    const { cookie } = await signedInRequest(rider.id);
    expect((await send(posted(REPORT, { Cookie: cookie }))).status).toBe(204);
    await flushFlowActivity();
    const text = JSON.stringify([...(await db().select().from(flowStateCounts)), ...(await db().select().from(flowTransitionCounts))]);
    for (const identifying of [rider.id, rider.email, cookie.split('=')[1], '192.0.2.']) expect(text).not.toContain(identifying);
  });

  it('answers a browser asking not to be tracked (DNT: 1, Sec-GPC: 1) as taken, and counts nothing', async () => {
    expect((await send(posted(REPORT, { DNT: '1' }))).status).toBe(204);
    expect((await send(posted(REPORT, { 'Sec-GPC': '1' }))).status).toBe(204);
    expect(await started()).toBe(0);
    expect((await send(posted(REPORT, { DNT: '0' }))).status).toBe(204);
    expect(await started()).toBe(1);
  });

  it('refuses another site, other content types, oversized and malformed bodies with a 4xx that says why', async () => {
    expect((await send(posted(REPORT, { Origin: 'https://evil.example' }))).status).toBe(403);
    expect(await send(posted('a=1', { 'Content-Type': 'application/x-www-form-urlencoded' }))).toMatchObject({
      status: 415,
      text: expect.stringMatching(/text\/plain/),
    });
    const big = `{"v":1,"m":[],"x":"${'x'.repeat(REPORT_LIMITS.maxBytes)}"}`;
    expect(await send(posted(big))).toMatchObject({ status: 413, text: expect.stringMatching(/larger than/) });
    expect(await send(posted(new Blob([big]).stream(), {}, { duplex: 'half' } as RequestInit))).toMatchObject({ status: 413 });
    expect(await send(posted('{"v":1,"m":[{"id":"session","s":[["nowhere",1]]}]}'))).toMatchObject({ status: 400, text: 'session has no state "nowhere".' });
    expect(await send(posted('not json'))).toMatchObject({ status: 400 });
    expect(await started()).toBe(0);
  });
});
