import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@bridge/api';

/**
 * Serves the built web app from one port with the API. Hashed assets are cached for a year; any other
 * extension-less GET gets the app's HTML (the router decides), while a missing file or API path is a real 404.
 */
export const webPlugin = fp<{ distDir: string | undefined }>(async (app, { distDir }) => {
  const hasDist = Boolean(distDir && fs.existsSync(path.join(distDir, 'index.html')));
  if (hasDist && distDir) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate');
      },
    });
  }
  // The app shell for routes the router decides; spa.html once public pages are prerendered into index.html files.
  const spaHtml = hasDist && distDir ? (fs.existsSync(path.join(distDir, 'spa.html')) ? 'spa.html' : 'index.html') : undefined;

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !url.startsWith('/api/') && !url.startsWith('/ws/') && !path.extname(url);
    if (wantsPage && spaHtml) {
      // sendFile picks the precompressed .br/.gz copy the client accepts; setHeaders marks it no-cache.
      return reply.sendFile(spaHtml);
    }
    if (wantsPage) {
      return reply.type('text/plain').status(404).send('The web app is not built. Run "npm run build" (npm start does it for you).');
    }
    return reply.status(404).send({ error: 'Not found', code: ErrorCode.notFound });
  });
});
