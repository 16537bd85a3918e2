import type { ActionFunctionArgs } from '@remix-run/node';
import { db } from '~/db/client.server';
import { rateLimits } from '~/db/schema';
import { settleAfterResponse } from '~/services/platform/after-response.server';
import { screenRequest, secureResponse } from '~/services/platform/security.server';

/**
 * Times how long a page action takes to answer, the way server.mjs answers: screened, the
 * action, `secureResponse`, and the body read to its end (when the socket has the answer).
 * Work the action left for after its response is then finished outside the timed part, and
 * the rate limits are cleared so every request takes the same path (issue 15 item 6: the same
 * time for a known and an unknown e-mail). Used by the timing tests and bench/account-timing.ts.
 */
type Action = (args: ActionFunctionArgs) => Promise<unknown>;

/** What Remix sends for an action's result: a Response as it is; data (with `data()`'s status) as JSON. */
function asResponse(result: unknown): Response {
  if (result instanceof Response) return result;
  if (result && typeof result === 'object' && (result as { type?: unknown }).type === 'DataWithResponseInit') {
    const { data, init } = result as { data: unknown; init?: ResponseInit | null };
    return Response.json(data, init ?? undefined);
  }
  return Response.json(result);
}

/**
 * The answer as server.mjs builds it (screened, then the action); `send` reads it out the way
 * the server writes it to the socket, then finishes the work the action left for afterwards.
 */
export async function answerAsServer(action: Action, request: Request): Promise<{ answer: Response; send: () => Promise<void> }> {
  const screened = await screenRequest(request);
  let result: unknown = screened;
  if (!(screened instanceof Response)) {
    try {
      result = await action({ request: screened, params: {}, context: {} });
    } catch (thrown) {
      result = thrown;
    }
  }
  const answer = asResponse(result);
  return {
    answer,
    async send() {
      await secureResponse(request, answer).arrayBuffer();
      await settleAfterResponse();
    },
  };
}

export async function timeAnswer(action: Action, request: Request): Promise<number> {
  const started = performance.now();
  const { answer } = await answerAsServer(action, request);
  await secureResponse(request, answer).arrayBuffer();
  const elapsed = performance.now() - started;
  await settleAfterResponse();
  await db().delete(rateLimits);
  return elapsed;
}

export interface KindTimings {
  samples: number[];
  median: number;
  p90: number;
}

function summary(samples: number[]): KindTimings {
  const sorted = [...samples].sort((a, b) => a - b);
  return { samples, median: sorted[Math.floor(sorted.length / 2)], p90: sorted[Math.floor(sorted.length * 0.9)] };
}

/**
 * `rounds` answers of each kind, interleaved (the order inside each pair alternates) so drift
 * on a shared machine falls on both alike; warm-up rounds first (the JIT settles). `gap` is the
 * median of known minus unknown over the pairs.
 */
export async function timeKinds(
  action: Action,
  kinds: { known: () => Promise<Request>; unknown: () => Promise<Request> },
  rounds: number,
  warmUp = 10,
): Promise<{ known: KindTimings; unknown: KindTimings; gap: number }> {
  const samples = { known: [] as number[], unknown: [] as number[] };
  for (let round = -warmUp; round < rounds; round++) {
    const order = round % 2 === 0 ? (['known', 'unknown'] as const) : (['unknown', 'known'] as const);
    for (const kind of order) {
      const elapsed = await timeAnswer(action, await kinds[kind]());
      if (round >= 0) samples[kind].push(elapsed);
    }
  }
  // The median of the pairs' differences: drift between pairs cancels within each pair.
  const gap = summary(samples.known.map((known, index) => known - samples.unknown[index])).median;
  return { known: summary(samples.known), unknown: summary(samples.unknown), gap };
}
