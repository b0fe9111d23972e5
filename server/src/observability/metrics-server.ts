// METRICS_PORT: GET /metrics (and /healthz) on an internal port of their own, without a token, for a scraper
// on the private network; the public port then keeps /metrics to itself unless METRICS_TOKEN is set too. A plain
// node:http server: nothing of the app's request pipeline (sessions, origin check, compression) applies here.
import http from 'node:http';
import type { Metrics } from './metrics.ts';

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

export async function startMetricsServer(
  metrics: Metrics,
  port: number,
  host: string,
): Promise<MetricsServer> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD' }).end();
    } else if (path === '/metrics') {
      metrics.text().then(
        (text) =>
          response
            .writeHead(200, { 'content-type': metrics.contentType, 'cache-control': 'no-store' })
            .end(text),
        () =>
          response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics could not be collected\n'),
      );
    } else if (path === '/healthz') {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
    } else {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
