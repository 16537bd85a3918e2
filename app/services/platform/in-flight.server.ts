import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * The requests being answered, so SIGTERM's drain waits for them and its log names them
 * (server.mjs, decision 202). A request stops counting once its answer is handed over, once its
 * response closes, or once its connection is gone. The last is not redundant. When a request
 * arrives on a keep-alive connection before Node has finished the answer before it, Node queues
 * the new response behind that answer, and if the connection then closes, the queued response gets
 * neither 'finish' nor 'close'. A request can also reach the handler after its connection has
 * already closed, and then it never sees the close. A browser leaving a page with a revalidation
 * on its way did this in every full browser run, and each such request held the drain to its
 * deadline.
 */
export interface InFlightRequests {
  track(req: IncomingMessage, res: ServerResponse): void;
  readonly size: number;
  /** Each request's method and first path segment: a later segment, or the query, may hold a token. */
  names(): string[];
}

export function inFlightRequests(): InFlightRequests {
  const open = new Set<{ name: string; socket: Socket }>();
  /** Requests whose connection is gone, whatever the order Node's events came in. */
  const forgetUnreachable = () => {
    for (const request of open) if (request.socket.destroyed) open.delete(request);
  };
  return {
    track(req, res) {
      // An object each, so two requests alike are counted apart.
      const request = { name: `${req.method} /${(req.url ?? '').split(/[/?]/)[1] ?? ''}`, socket: req.socket };
      open.add(request);
      const settled = () => {
        open.delete(request);
        res.off('finish', settled).off('close', settled);
        request.socket.off('close', settled);
      };
      res.once('finish', settled).once('close', settled);
      request.socket.once('close', settled);
    },
    get size() {
      forgetUnreachable();
      return open.size;
    },
    names: () => {
      forgetUnreachable();
      return [...open].map((request) => request.name);
    },
  };
}
