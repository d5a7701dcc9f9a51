import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { errorMessage } from '@heliograph/shared';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built console from `webDist`, looking each file up when it is asked for (not from a list made at
 * start), so a new build of the web app is served at once without a restart: its index.html names its new
 * hashed assets, and those are found as soon as they are written. Any other GET outside /api/ is a console
 * route and gets index.html; the single-page app decides what to show.
 */
export async function serveWeb(app: FastifyInstance, webDist: string): Promise<void> {
  const indexHtml = path.join(webDist, 'index.html');
  await app.register(fastifyStatic, {
    root: webDist,
    // Checked per request below: the folder may not exist yet when the server starts before the first build.
    suppressWarning: true,
    // Build stamps and other dot files are not part of the console.
    dotfiles: 'ignore',
    // Hashed assets never change; index.html must be fetched anew to pick up a new build.
    setHeaders: (res, file) => {
      res.header(
        'cache-control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.setNotFoundHandler((req, reply) => {
    // A missing asset is a 404, not index.html: a browser would take the page for a broken script.
    const notConsole = req.url.startsWith('/api/') || req.url.startsWith('/assets/') || req.method !== 'GET';
    if (notConsole || !existsSync(indexHtml)) {
      return reply.status(404).send({ code: 404, data: null, msg: errorMessage('notFound', req.lang) });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
