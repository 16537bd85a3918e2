import { createServer, type ServerResponse } from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { inFlightRequests } from './in-flight.server';

/** Waits until `done()` holds, checking every few milliseconds; fails naming `what` after 10 s. */
async function until(done: () => boolean, what = 'the condition'): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`${what} did not come within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const servers: Array<ReturnType<typeof createServer>> = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** A server whose first request is answered only when the test says; the others at once. */
async function serverHoldingTheFirstAnswer() {
  const inFlight = inFlightRequests();
  const handled: string[] = [];
  let answerFirst = () => {};
  const server = createServer((req, res: ServerResponse) => {
    inFlight.track(req, res);
    handled.push(req.url ?? '');
    if (handled.length === 1) answerFirst = () => res.end('first');
    else res.end('later');
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { inFlight, handled, answerFirst: () => answerFirst(), port: (server.address() as AddressInfo).port };
}

describe('requests in flight (the drain in server.mjs)', () => {
  it('counts a request until its answer is handed over, and names it without its later path or query', async () => {
    const { inFlight, handled, answerFirst, port } = await serverHoldingTheFirstAnswer();
    const answered = fetch(`http://127.0.0.1:${port}/data-export/secret-token?x=1`).then((response) => response.text());
    await until(() => handled.length === 1);
    expect(inFlight.names()).toEqual(['GET /data-export']);
    answerFirst();
    expect(await answered).toBe('first');
    await until(() => inFlight.size === 0);
  });

  it('forgets a response Node queued behind the previous answer when the connection closes first', async () => {
    const { inFlight, handled, answerFirst, port } = await serverHoldingTheFirstAnswer();
    const client = net.connect(port, '127.0.0.1');
    await new Promise((resolve) => client.once('connect', resolve));
    // Two requests on one connection: the second is answered (queued by Node) while the first waits.
    client.write('GET /events HTTP/1.1\r\nHost: x\r\n\r\nGET /auth/login.data HTTP/1.1\r\nHost: x\r\n\r\n');
    await until(() => handled.length === 2);
    expect(inFlight.size).toBe(2);
    // The browser leaves: the connection closes before the first answer, then the first is answered.
    client.destroy();
    await until(() => inFlight.size < 2);
    answerFirst();
    await until(() => inFlight.size === 0, 'the queued request to leave the count');
  });

  it('does not count a request whose connection closed before it was tracked', async () => {
    const inFlight = inFlightRequests();
    let received = false;
    let tracked = false;
    const server = createServer((req, res) => {
      received = true;
      // As when the connection closes between Node parsing the request and the handler running.
      void until(() => req.socket.destroyed, 'the connection to close').then(() => {
        inFlight.track(req, res);
        tracked = true;
      });
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const client = net.connect((server.address() as AddressInfo).port, '127.0.0.1');
    await new Promise((resolve) => client.once('connect', resolve));
    client.write('GET /auth/register.data HTTP/1.1\r\nHost: x\r\n\r\n');
    await until(() => received, 'the request to reach the server');
    client.destroy();
    await until(() => tracked, 'the request to be tracked');
    expect(inFlight.size).toBe(0);
    expect(inFlight.names()).toEqual([]);
  });
});
