import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built web app; any other GET (or HEAD) that is not under /api returns index.html so
 * the client-side router can take it. Unknown /api paths get a JSON 404.
 */
export async function registerWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const index = path.join(webDist, 'index.html');
  const hasWeb = fs.existsSync(index);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes x.br and x.gz beside each text file (apps/web/precomprimir.ts): sent as
      // they are when Accept-Encoding allows, with Vary: Accept-Encoding.
      preCompressed: true,
      setHeaders(res, file) {
        if (file.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          res.header('Cache-Control', 'no-cache');
        }
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0] ?? '';
    const isPage = req.method === 'GET' || req.method === 'HEAD';
    if (hasWeb && isPage && !url.startsWith('/api/') && !path.extname(url)) {
      return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({
      code: 'NO_ENCONTRADO',
      message: 'No existe la ruta solicitada.',
      requestId: String(req.id),
    });
  });
}
