// Serves the built web app (web/dist): hashed assets cached for a year, every other non-API path gets
// index.html so the client router can take it. Assets go out as the build compressed them (.br, .gz beside
// each file, web/precompress.ts) when the browser accepts that; otherwise as they are.
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<boolean> {
  const indexFile = path.join(distDir, 'index.html');
  if (!fs.existsSync(indexFile)) return false;
  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Source maps stay on the server (the build writes them 'hidden', unreferenced): they would hand out the
    // app's whole source.
    allowedPath: (pathName) => !/\.map(\.(br|gz))?$/.test(pathName),
    setHeaders: (res, sentPath) => {
      const filePath = sentPath.replace(/\.(br|gz)$/, ''); // the file a compressed copy stands for
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('Cache-Control', isHashedAsset ? 'public, max-age=31536000, immutable' : 'no-cache');
      if (filePath.endsWith('sw.js')) res.header('Service-Worker-Allowed', '/');
    },
  });
  const index = fs.readFileSync(indexFile);
  // Unknown non-API paths are client routes: answer the app shell (the router sends unknown ones to /notfound).
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    if (request.url.startsWith('/api/')) {
      return reply
        .code(404)
        .send({ error: { code: 'not_found', message: `no such call: GET ${request.url.split('?')[0]}` } });
    }
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(index);
  });
  return true;
}
