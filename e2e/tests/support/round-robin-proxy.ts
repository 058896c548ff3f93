import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type Hop = { method: string; path: string; upstream: number; status: number; bearer: boolean };

/**
 * A reverse proxy on loopback in front of several instances, as a load balancer without stickiness: each
 * request goes to the next instance in turn, whatever connection it came on, with the X-Forwarded-* headers a
 * proxy adds. Every request is recorded (which instance answered, and how). Started before the instances (they
 * need its address as their PUBLIC_URL): push their addresses into `upstreams` once they listen.
 */
export async function startRoundRobinProxy() {
  const upstreams: string[] = [];
  const hops: Hop[] = [];
  let next = 0;
  const server = http.createServer((request, response) => {
    const upstream = next;
    next = (next + 1) % Math.max(1, upstreams.length);
    const target = new URL(request.url ?? '/', upstreams[upstream] ?? 'http://127.0.0.1:9');
    const forwarded = http.request(
      target,
      {
        method: request.method,
        headers: {
          ...request.headers,
          'x-forwarded-for': request.socket.remoteAddress ?? '127.0.0.1',
          'x-forwarded-proto': 'http',
          'x-forwarded-host': request.headers.host ?? '',
        },
      },
      (answer) => {
        hops.push({
          method: request.method ?? 'GET',
          path: target.pathname,
          upstream,
          status: answer.statusCode ?? 0,
          bearer: typeof request.headers.authorization === 'string',
        });
        response.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => {
      hops.push({
        method: request.method ?? 'GET',
        path: target.pathname,
        upstream,
        status: 502,
        bearer: false,
      });
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    upstreams,
    port,
    hops,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => {
          resolve();
        });
      }),
  };
}
