import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@bridge/api';

/** Written by the web build (apps/web/scripts/prerender.mjs). */
type PagesManifest = {
  prerendered: string[];
  queryDependent?: string[];
  /** Pages prerendered once per value of one query parameter (`/download?app=organiser`): the file of each. */
  queryVariants?: Record<string, { param: string; files: Record<string, string> }>;
  appRoutes: string[];
};

/** A matcher for the app's route patterns, where `:name` stands for one path segment. */
export function compileRoutePatterns(patterns: string[]): (pathname: string) => boolean {
  const regexes = patterns.map((pattern) => {
    const source = pattern
      .split('/')
      .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    return new RegExp(`^${source}/?$`, 'i');
  });
  return (pathname) => regexes.some((regex) => regex.test(pathname));
}

/**
 * Serves the built web app from one port with the API. Hashed assets are cached for a year. A GET for a page
 * answers its prerendered HTML when the build made one, the app shell (spa.html) for other app routes, and the
 * prerendered not-found page with status 404 for paths no route claims; a missing file or API path is a JSON 404.
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
  const manifestFile = distDir ? path.join(distDir, 'pages.json') : undefined;
  const pages: PagesManifest | undefined =
    hasDist && manifestFile && fs.existsSync(manifestFile) ? (JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as PagesManifest) : undefined;
  // Keys are exact paths, so a request path never reaches the file system unchecked.
  const prerendered = new Map((pages?.prerendered ?? []).map((page) => [page, page === '/' ? 'index.html' : `${page.slice(1)}/index.html`]));
  const queryDependent = new Set(pages?.queryDependent ?? []);
  const queryVariants = new Map(Object.entries(pages?.queryVariants ?? {}));
  /** The prerendered file for a query-dependent page and its query, if the build made one. */
  const variantFile = (pathname: string, query: string): string | undefined => {
    const variants = queryVariants.get(pathname);
    if (!variants) return undefined;
    const value = new URLSearchParams(query).get(variants.param);
    // Only that parameter changes the page; other parameters (a campaign tag) leave it as the bare path's.
    if (value === null) return prerendered.get(pathname);
    return Object.hasOwn(variants.files, value) ? variants.files[value] : undefined;
  };
  const isAppRoute = pages ? compileRoutePatterns(pages.appRoutes) : () => true;
  const shell = pages ? 'spa.html' : 'index.html';

  app.setNotFoundHandler((request, reply) => {
    const [url = '/', query] = request.url.split('?');
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') && !url.startsWith('/api/') && !url.startsWith('/ws/') && !path.extname(url);
    if (wantsPage && hasDist) {
      // sendFile picks the precompressed .br/.gz copy the client accepts; setHeaders marks it no-cache.
      const pathname = url.length > 1 ? url.replace(/\/+$/, '') : url;
      const file = prerendered.get(pathname);
      // A page whose content follows its query string (/download?app=organiser) was prerendered without one.
      if (file && !(query && queryDependent.has(pathname))) return reply.sendFile(file);
      const variant = query ? variantFile(pathname, query) : undefined;
      if (variant) return reply.sendFile(variant);
      if (isAppRoute(pathname)) return reply.sendFile(shell);
      return reply.status(404).sendFile('404.html');
    }
    if (wantsPage) {
      return reply.type('text/plain').status(404).send('The web app is not built. Run "npm run build" (npm start does it for you).');
    }
    return reply.status(404).send({ error: 'Not found', code: ErrorCode.notFound });
  });
});
