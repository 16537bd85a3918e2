import { and, eq, ne } from 'drizzle-orm';
import { db } from '~/db/client.server';
import { defineJob, enqueueJob } from '../platform/jobs.server';
import { activities, networkConnections, networkImports } from '~/db/schema';
import { NETWORK_IMPORT_MAX_ACTIVITIES } from '~/lib/constants';
import { NETWORK_NAMES, type Network } from '~/lib/connections/networks';
import { encodeRideFit } from '~/lib/fit/synthetic-ride';
import { ingestActivity } from '../activities/activities.server';
import { invalidateRiderPage } from '~/db/rider-reads.server';
import { freshAccessToken } from './connections.server';
import { networkClient } from './networks.server';
import { apiGet } from './provider-client.server';

interface ProviderActivity {
  id: string | number;
  name: string;
  type?: string;
  sport_type?: string;
  start_date: string;
}

type Streams = Partial<Record<'time' | 'watts' | 'heartrate' | 'cadence' | 'velocity_smooth' | 'distance' | 'altitude', { data: number[] }>>;

const RIDE_TYPES = new Set(['Ride', 'VirtualRide', 'EBikeRide', 'GravelRide', 'MountainBikeRide']);
const STREAM_KEYS = 'time,watts,heartrate,cadence,velocity_smooth,distance,altitude';

/**
 * Strava's API gives streams, not the original file: they become a FIT file (the same encoder
 * the demo rides use) so the ride enters through ingestActivity like any upload.
 */
function fitFromStreams(start: Date, streams: Streams): Uint8Array {
  const t = streams.time?.data ?? [];
  const column = (key: keyof Streams) => streams[key]?.data ?? t.map(() => 0);
  return encodeRideFit({
    start,
    t,
    power: column('watts'),
    heartRate: column('heartrate'),
    cadence: column('cadence'),
    speedMps: column('velocity_smooth'),
    distanceM: column('distance'),
    altitudeM: column('altitude'),
    pauses: [],
  });
}

/** The rider's key beside the row's: each step stales that rider's connections tab only (decision 145). */
async function setProgress(userId: string, connectionId: string, values: Partial<typeof networkConnections.$inferInsert>): Promise<void> {
  await db()
    .update(networkConnections)
    .set(values)
    .where(and(eq(networkConnections.id, connectionId), eq(networkConnections.userId, userId)));
}

/**
 * The background import of recent rides from a connected network. One import per connection
 * at a time (claimed with a conditional update); rides already imported are skipped by their
 * provider activity id (unique per rider), so running it again is harmless.
 * Returns how many rides were stored.
 */
export async function importRecentRides(userId: string, network: Network, { resume = false }: { resume?: boolean } = {}): Promise<number> {
  // A retry of the import job resumes a run its dead instance left 'running' (known rides are skipped).
  const notRunning = resume ? undefined : ne(networkConnections.importStatus, 'running');
  const [claimed] = await db()
    .update(networkConnections)
    .set({ importStatus: 'running', importDone: 0, importTotal: 0, updatedAt: new Date() })
    .where(and(eq(networkConnections.userId, userId), eq(networkConnections.network, network), notRunning))
    .returning({ id: networkConnections.id });
  if (!claimed) return 0;
  const client = networkClient(network);
  let stored = 0;
  try {
    const listed = await apiGet<ProviderActivity[]>(
      client,
      await freshAccessToken(userId, network),
      `athlete/activities?per_page=${NETWORK_IMPORT_MAX_ACTIVITIES}`,
    );
    const known = new Set(
      (
        await db()
          .select({ id: networkImports.providerActivityId })
          .from(networkImports)
          .where(and(eq(networkImports.userId, userId), eq(networkImports.network, network)))
      ).map((row) => row.id),
    );
    const fresh = listed.filter((activity) => RIDE_TYPES.has(activity.sport_type ?? activity.type ?? '') && !known.has(String(activity.id)));
    await setProgress(userId, claimed.id, { importTotal: fresh.length });
    for (const activity of fresh) {
      const streams = await apiGet<Streams>(
        client,
        await freshAccessToken(userId, network),
        `activities/${activity.id}/streams?keys=${STREAM_KEYS}&key_by_type=true`,
      );
      const { id } = await ingestActivity(userId, fitFromStreams(new Date(activity.start_date), streams), { title: activity.name });
      // The Other Platform column (decision 046) names the network the ride came from.
      await db()
        .update(activities)
        .set({ platform: NETWORK_NAMES[network] })
        .where(and(eq(activities.id, id), eq(activities.userId, userId)));
      await db()
        .insert(networkImports)
        .values({ userId, network, providerActivityId: String(activity.id), activityId: id });
      stored++;
      await setProgress(userId, claimed.id, { importDone: stored });
    }
    await setProgress(userId, claimed.id, { importStatus: 'done' });
  } catch (error) {
    await setProgress(userId, claimed.id, { importStatus: 'failed' });
    console.warn(`Import from ${network} failed for ${userId}:`, error instanceof Error ? error.message : error);
  } finally {
    invalidateRiderPage(userId);
  }
  return stored;
}

/** The import as a durable job (decision 130): any instance runs it; one queued per rider and network. */
const networkImportJob = defineJob<{ userId: string; network: Network }>(
  'connections.import',
  // The request that queued it already marked the import running (startBackgroundImport): the
  // job takes that run over, as a retry takes over the run its dead instance left.
  async ({ userId, network }) => {
    await importRecentRides(userId, network, { resume: true });
  },
  { retryLimit: 3, retryDelaySeconds: 60, expireInSeconds: 900 },
);

/**
 * Starts the import without holding up the response that triggered it. The connection reads
 * "running" from the moment the import is asked for, in the transaction that queues it: the page
 * the rider lands on shows the import under way and follows it, whenever a worker picks it up.
 */
export async function startBackgroundImport(userId: string, network: Network): Promise<void> {
  await db().transaction(async (tx) => {
    await tx
      .update(networkConnections)
      .set({ importStatus: 'running', importDone: 0, importTotal: 0, updatedAt: new Date() })
      .where(and(eq(networkConnections.userId, userId), eq(networkConnections.network, network)));
    await enqueueJob(networkImportJob, { userId, network }, { tx, singletonKey: `${userId}:${network}` });
  });
}
