import { eq, sql } from 'drizzle-orm';
import type { Transaction } from '~/db/client.server';
import { riderActivityTotals, riderDailyTotals, riderPowerBests } from '~/db/schema';
import type { ActivityType } from '~/lib/domain/activities';
import { packFloat32 } from '~/lib/activities/packing';

export interface RollupInput {
  userId: string;
  activityId: string;
  type: ActivityType;
  startedAt: Date;
  distanceM: number;
  timeS: number;
  elevationM: number;
  powerCurve: ArrayLike<number>;
}

/** Adds one ride to the day and all-time rollups and to the rider's best curve, in the ingest transaction. */
export async function addToRollups(tx: Transaction, input: RollupInput): Promise<void> {
  const day = input.startedAt.toISOString().slice(0, 10);
  const race = input.type === 'event' ? 1 : 0;
  await tx
    .insert(riderDailyTotals)
    .values({
      userId: input.userId,
      day,
      rides: 1,
      races: race,
      distanceM: input.distanceM,
      timeS: input.timeS,
      elevationM: input.elevationM,
      longestRideM: input.distanceM,
    })
    .onConflictDoUpdate({
      target: [riderDailyTotals.userId, riderDailyTotals.day],
      set: {
        rides: sql`${riderDailyTotals.rides} + 1`,
        races: sql`${riderDailyTotals.races} + ${race}`,
        distanceM: sql`${riderDailyTotals.distanceM} + ${input.distanceM}`,
        timeS: sql`${riderDailyTotals.timeS} + ${input.timeS}`,
        elevationM: sql`${riderDailyTotals.elevationM} + ${input.elevationM}`,
        longestRideM: sql`greatest(${riderDailyTotals.longestRideM}, ${input.distanceM})`,
      },
    });
  await tx
    .insert(riderActivityTotals)
    .values({ userId: input.userId, type: input.type, count: 1, distanceM: input.distanceM, timeS: input.timeS, elevationM: input.elevationM })
    .onConflictDoUpdate({
      target: [riderActivityTotals.userId, riderActivityTotals.type],
      set: {
        count: sql`${riderActivityTotals.count} + 1`,
        distanceM: sql`${riderActivityTotals.distanceM} + ${input.distanceM}`,
        timeS: sql`${riderActivityTotals.timeS} + ${input.timeS}`,
        elevationM: sql`${riderActivityTotals.elevationM} + ${input.elevationM}`,
      },
    });
  if (input.powerCurve.length > 0) await mergeIntoBests(tx, input);
}

async function mergeIntoBests(tx: Transaction, input: RollupInput): Promise<void> {
  const [current] = await tx.select().from(riderPowerBests).where(eq(riderPowerBests.userId, input.userId)).for('update');
  const previousWatts = current ? new Float32Array(current.watts.slice().buffer) : new Float32Array(0);
  const previousIndex = current ? new Uint16Array(current.sourceIndex.slice().buffer) : new Uint16Array(0);
  const sources = current ? [...current.sources] : [];
  const length = Math.max(previousWatts.length, input.powerCurve.length);
  const watts = new Float32Array(length);
  const sourceIndex = new Uint16Array(length);
  watts.set(previousWatts);
  sourceIndex.set(previousIndex);
  let newIndex = -1;
  for (let i = 0; i < input.powerCurve.length; i++) {
    if (i < previousWatts.length && input.powerCurve[i] <= previousWatts[i]) continue;
    if (newIndex < 0) {
      newIndex = sources.length;
      sources.push({ id: input.activityId, date: input.startedAt.toISOString() });
    }
    watts[i] = input.powerCurve[i];
    sourceIndex[i] = newIndex;
  }
  if (newIndex < 0 && current) return;
  // Sources no point refers to any more are dropped so the list stays short. Typed arrays, not a
  // Set and a Map: a day-long ride's curve has 86,400 points, walked on the request thread.
  const remap = new Int32Array(sources.length).fill(-1);
  for (let i = 0; i < length; i++) remap[sourceIndex[i]] = 0;
  const kept: typeof sources = [];
  remap.forEach((mark, index) => {
    if (mark === 0) remap[index] = kept.push(sources[index]) - 1;
  });
  for (let i = 0; i < length; i++) sourceIndex[i] = remap[sourceIndex[i]];
  const row = {
    watts: packFloat32([watts]),
    sourceIndex: new Uint8Array(sourceIndex.buffer),
    sources: kept,
    updatedAt: new Date(),
  };
  await tx
    .insert(riderPowerBests)
    .values({ userId: input.userId, ...row })
    .onConflictDoUpdate({ target: riderPowerBests.userId, set: row });
}
