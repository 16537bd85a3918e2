// A round-robin reverse proxy on loopback for `npm run test:scale`: what a load balancer does,
// in a few lines of node:http. Each request goes to the next upstream; a request may name one
// (`x-scale-upstream: 0|1`) when a check needs "on one instance … on the other". An upstream that
// refuses the connection (killed) is skipped until `restored` says it is back. It adds X-Forwarded-For and keeps
// Host, so the instances (which trust 127.0.0.1 in TRUSTED_PROXIES) see the site's origin.
import http from 'node:http';

export function startProxy({ port, upstreams }) {
  const down = new Set();
  let next = 0;
  const pick = (asked) => {
    if (asked !== undefined && !down.has(asked)) return asked;
    for (let tries = 0; tries < upstreams.length; tries += 1) {
      const index = next++ % upstreams.length;
      if (!down.has(index)) return index;
    }
    return undefined;
  };
  const server = http.createServer((req, res) => {
    const body = [];
    req.on('data', (chunk) => body.push(chunk));
    req.on('end', () => {
      const asked = req.headers['x-scale-upstream'] === undefined ? undefined : Number(req.headers['x-scale-upstream']);
      const send = (attempt) => {
        const index = pick(attempt === 0 ? asked : undefined);
        if (index === undefined) return void res.writeHead(502).end('no upstream');
        const headers = {
          ...req.headers,
          'x-forwarded-for': [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', '),
          'x-forwarded-proto': 'http',
        };
        delete headers['x-scale-upstream'];
        const upstream = http.request({ host: '127.0.0.1', port: upstreams[index], method: req.method, path: req.url, headers }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-scale-instance': String(index) });
          answer.pipe(res);
        });
        upstream.on('error', (error) => {
          // Refused: the request never reached it, so another may take it. Reset mid-answer: not
          // retried (a write may have happened), the client sees a 502.
          if (error.code === 'ECONNREFUSED' || error.code === 'ECONNRESET') down.add(index);
          if (error.code === 'ECONNREFUSED' && attempt < upstreams.length) return send(attempt + 1);
          if (!res.headersSent) res.writeHead(502);
          res.end(String(error.code ?? error.message));
        });
        upstream.end(Buffer.concat(body));
      };
      send(0);
    });
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () => new Promise((done) => server.close(done)),
        closeAll: () => server.closeAllConnections(),
        /** An upstream started again takes requests again. */
        restored: (index) => down.delete(index),
      }),
    );
  });
}
