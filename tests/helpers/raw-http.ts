import net from 'node:net';

/**
 * Requests written by hand on one TCP connection, the way a keep-alive client sends them: each
 * whole, body and all, before the next (issue 35 item 5). `fetch` cannot show what this shows:
 * its pool opens another connection when one is stuck.
 */
export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent with Content-Length, or `chunked` for Transfer-Encoding: chunked in 64 KiB chunks. */
  body?: Uint8Array;
  chunked?: boolean;
}

export interface RawOutcome {
  /** The status of each answer read, in order. */
  statuses: number[];
  /** Whether the server closed or reset the connection before every answer came. */
  closed: boolean;
}

const CHUNK_BYTES = 64 * 1024;

function headOf(request: RawRequest, host: string): string {
  const lines = [`${request.method} ${request.path} HTTP/1.1`, `Host: ${host}`];
  for (const [name, value] of Object.entries(request.headers ?? {})) lines.push(`${name}: ${value}`);
  if (request.chunked) lines.push('Transfer-Encoding: chunked');
  else lines.push(`Content-Length: ${request.body?.byteLength ?? 0}`);
  return `${lines.join('\r\n')}\r\n\r\n`;
}

function piecesOf(request: RawRequest, host: string): Buffer[] {
  const pieces = [Buffer.from(headOf(request, host))];
  const body = Buffer.from(request.body ?? new Uint8Array());
  if (!request.chunked) return [...pieces, body];
  for (let at = 0; at < body.byteLength; at += CHUNK_BYTES) {
    const chunk = body.subarray(at, at + CHUNK_BYTES);
    pieces.push(Buffer.concat([Buffer.from(`${chunk.byteLength.toString(16)}\r\n`), chunk, Buffer.from('\r\n')]));
  }
  return [...pieces, Buffer.from('0\r\n\r\n')];
}

/**
 * Sends `requests` one after the other on one connection and reads answers until there is one
 * for each, the connection ends, or `deadlineMs` passes (an answer that never came).
 */
export function onOneConnection(port: number, requests: RawRequest[], deadlineMs: number): Promise<RawOutcome> {
  const host = `localhost:${port}`;
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    let settled = false;
    const statuses = () => [...received.matchAll(/(?:^|\r\n)HTTP\/1\.1 (\d{3}) /g)].map((match) => Number(match[1]));
    const finish = (closed: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ statuses: statuses(), closed });
    };
    const timer = setTimeout(() => finish(false), deadlineMs);
    socket.on('data', (data: Buffer) => {
      received += data.toString('latin1');
      if (statuses().length >= requests.length) finish(false);
    });
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
    const pieces = requests.flatMap((request) => piecesOf(request, host));
    const writeNext = () => {
      for (let piece = pieces.shift(); piece && !settled; piece = pieces.shift()) {
        if (!socket.write(piece)) {
          socket.once('drain', writeNext);
          return;
        }
      }
    };
    socket.once('connect', writeNext);
  });
}

/**
 * Answers whose body the server left unread (a route without an action, a type refused unread, a
 * text cap reached) each followed by a read on the same connection: every pair must be answered.
 */
export const UNREAD_BODY_CASES: Array<{ what: string; first: RawRequest; status: number; answeredBy: 'screen' | 'route' }> = [
  {
    what: 'a 5 MB body to a route without an action',
    answeredBy: 'route',
    first: { method: 'POST', path: '/api/partner/profile', headers: { 'Content-Type': 'application/octet-stream' }, body: new Uint8Array(5 * 1024 * 1024) },
    status: 405,
  },
  {
    what: 'a 3 MB JSON body to a page action',
    answeredBy: 'screen',
    first: { method: 'POST', path: '/contact-us', headers: { 'Content-Type': 'application/json' }, body: new Uint8Array(3 * 1024 * 1024).fill(0x20) },
    status: 415,
  },
  {
    what: 'a chunked 3 MB form past the text cap',
    answeredBy: 'screen',
    first: {
      method: 'POST',
      path: '/contact-us',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new TextEncoder().encode(`message=${'a'.repeat(3 * 1024 * 1024)}`),
      chunked: true,
    },
    status: 413,
  },
];

export const READ_AFTER: RawRequest = { method: 'GET', path: '/healthz' };
