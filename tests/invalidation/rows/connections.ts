import type { Network } from '~/lib/connections/networks';
import { completeCallback, startConnect } from '~/services/connections/connections.server';
import { importRecentRides } from '~/services/connections/import.server';
import { post, requestFrom, serve, withSiteNetwork, type Answer } from '../pages';
import { expectDone, page, type WriteRow } from '../world';

/**
 * Rows of the writes → pages table: fitness networks connected and disconnected. Every
 * unconfigured network is the sandbox OAuth provider mounted in the site (decision 091): the
 * rider's browser allows on its page and comes back to the callback, and the callback exchanges
 * the code at its token endpoint, over HTTP as in production.
 */

const connectionsTab = page('/user/profile?tab=connections', 'writer');

/** The rider's browser on the provider's page: Allow, then the redirect back to the site. */
async function allowOnProvider(authorizeUrl: string): Promise<string> {
  const body = new URLSearchParams({ decision: 'allow' });
  const answer = await serve(new Request(authorizeUrl, { method: 'POST', body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }));
  if (!answer.location) throw new Error(`The provider did not send the rider back: ${JSON.stringify(answer).slice(0, 300)}`);
  return answer.location;
}

const connected = (answer: Answer) => expectDone(answer, () => answer.location?.includes('outcome=connected') ?? false);

export const CONNECTION_ROWS: WriteRow[] = [
  {
    name: "a network connected through the provider's consent page and the OAuth callback shows on the connections tab",
    route: 'user.connections',
    write: ({ people }) =>
      withSiteNetwork(async () => {
        const started = await post('/user/connections', 'writer', people, { intent: 'connect', network: 'trainingpeaks' });
        if (!started.location) throw new Error(`Connect did not go to the provider: ${JSON.stringify(started).slice(0, 300)}`);
        const callback = new URL(await allowOnProvider(started.location));
        return connected(await serve(requestFrom('writer', people, `${callback.pathname}${callback.search}`)));
      }),
    shows: [connectionsTab],
  },
  {
    name: 'a network disconnected: its card and its imported rides go',
    route: 'user.connections',
    prepare: ({ people }) =>
      withSiteNetwork(async () => {
        const network: Network = 'strava';
        const callback = new URL(await allowOnProvider(await startConnect(people.writer.id, 'net-session', network)));
        const outcome = await completeCallback({ userId: people.writer.id, sessionId: 'net-session', network, query: callback.searchParams });
        if (!outcome.ok || (await importRecentRides(people.writer.id, network)) === 0) throw new Error('The rides were not imported');
        return {};
      }),
    write: ({ people }) => post('/user/connections', 'writer', people, { intent: 'disconnect', network: 'strava' }),
    shows: [connectionsTab, page('/user/activities', 'writer'), page('/user/activities/list?page=1', 'writer')],
  },
];
