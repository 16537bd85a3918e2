import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * Work a request leaves for after its response (issue 15 item 6, decision 064): forgot-password
 * and registration answer first and issue tokens and send mail afterwards, on every path, so
 * the answer takes the same time whether or not the e-mail has an account.
 *
 * `screenRequest` tags each request with an id; `afterResponse` queues work under it;
 * `secureResponse` (the last thing the server does before writing) wraps the body so the queue
 * runs once its last byte has been handed to the socket. A request that was never tagged (an
 * action called directly, as most tests do) has no server to say when its answer went out: its
 * work runs before the action returns. A tagged request whose response never comes through
 * `secureResponse` (`remix vite:dev`, a crash) runs its work after `AFTER_RESPONSE_FALLBACK_MS`.
 */
export const REQUEST_ID_HEADER = 'X-Paceline-Request';
const AFTER_RESPONSE_FALLBACK_MS = 1_000;

type Job = () => Promise<unknown>;

const queued = new Map<string, { jobs: Job[]; fallback: NodeJS.Timeout }>();
const running = new Set<Promise<void>>();

/** Called for every request before Remix sees it; overwrites any id a client sent. */
export function tagRequest(request: Request): void {
  request.headers.set(REQUEST_ID_HEADER, randomUUID());
}

async function runAll(jobs: Job[]): Promise<void> {
  for (const job of jobs) {
    try {
      await job();
    } catch (error) {
      // The answer is already out (or must look the same either way): the failure is the operator's to see.
      console.error('Work after a response failed', error);
    }
  }
}

function release(id: string): void {
  const entry = queued.get(id);
  if (!entry) return;
  queued.delete(id);
  clearTimeout(entry.fallback);
  const run = runAll(entry.jobs);
  running.add(run);
  void run.finally(() => running.delete(run));
}

/** Runs `job` after this request's response; resolves at once, or after the job for an untagged request. */
export async function afterResponse(request: Request, job: Job): Promise<void> {
  const id = request.headers.get(REQUEST_ID_HEADER);
  if (!id) {
    await runAll([job]);
    return;
  }
  let entry = queued.get(id);
  if (!entry) {
    const fallback = setTimeout(() => release(id), AFTER_RESPONSE_FALLBACK_MS);
    fallback.unref();
    entry = { jobs: [], fallback };
    queued.set(id, entry);
  }
  // Bound to the request's context: a link it mails is built on that request's site origin.
  entry.jobs.push(AsyncLocalStorage.bind(job));
}

/** The body, handed on unchanged; `done` runs once the reader has taken its end (or cancelled). */
function whenRead(source: ReadableStream<Uint8Array> | null, done: () => void): ReadableStream<Uint8Array> {
  const reader = source?.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = reader ? await reader.read() : { done: true as const, value: undefined };
      if (next.done) {
        controller.close();
        // After the writer's end(): the socket has the whole answer before the work starts.
        setImmediate(done);
      } else {
        controller.enqueue(next.value);
      }
    },
    async cancel(reason) {
      setImmediate(done);
      await reader?.cancel(reason);
    },
  });
}

/** The response whose end releases the work its request queued (called by `secureResponse`). */
export function releaseWhenSent(request: Request, response: Response): Response {
  const id = request.headers.get(REQUEST_ID_HEADER);
  if (!id || !queued.has(id)) return response;
  return new Response(
    whenRead(response.body, () => release(id)),
    {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    },
  );
}

/** Runs every queued job now and waits for all of them (shutdown, tests). */
export async function settleAfterResponse(): Promise<void> {
  for (const id of [...queued.keys()]) release(id);
  while (running.size > 0) await Promise.all(running);
}
