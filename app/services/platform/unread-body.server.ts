import type { IncomingMessage } from 'node:http';
import { PAGE_POST_MAX_BYTES } from './security.server';

/**
 * A request body the answer did not read to its end, read and dropped once the answer has gone
 * (issue 35 item 5, decision 172). Node drops the body of a request nobody started to read, but
 * the adapters that turn a Node request into a Fetch `Request` (Remix's express adapter, the dev
 * server's `Readable.toWeb`) start reading every body at once and pause when their buffer is
 * full. An answer that needed no body (a refusal, a route without an action, a cap reached)
 * then left the rest in the socket: the client could not finish sending it, and the next request
 * on that keep-alive connection was never read — unanswered until the client gave up.
 *
 * More than the largest body any route accepts is not read: the connection is closed instead.
 * server.mjs and the dev server call this when each response has finished.
 */
export function discardUnreadBody(request: IncomingMessage): void {
  if (request.complete || request.destroyed) return;
  let dropped = 0;
  // The adapter's listener would go on buffering what nobody reads.
  request.removeAllListeners('data');
  request.on('data', (chunk: Buffer) => {
    dropped += chunk.byteLength;
    if (dropped > PAGE_POST_MAX_BYTES) request.socket.destroy();
  });
  request.resume();
}
