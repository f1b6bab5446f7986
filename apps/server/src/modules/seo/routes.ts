import type { FastifyInstance } from 'fastify';
import { endpoints, publicPagePaths } from '@bridge/api';
import { route } from '../../lib/route.ts';

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** `/sitemap.xml` and `/robots.txt`, built from PUBLIC_URL so they name the address users reach. */
export async function siteMapRoutes(app: FastifyInstance) {
  const base = app.config.publicUrl;
  const sitemap = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...publicPagePaths.map((page) => `  <url><loc>${escapeXml(base + (page === '/' ? '/' : page))}</loc></url>`),
    '</urlset>',
    '',
  ].join('\n');
  // Account consoles, admin, video, the tables' phone pages and API are private or per-user: nothing there for a
  // search engine.
  const robots = [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    'Disallow: /console',
    'Disallow: /admin',
    'Disallow: /video',
    'Disallow: /t/',
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');

  route(app, endpoints.seo.sitemap, { config: { policy: 'public' } }, async (_request, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(sitemap),
  );
  route(app, endpoints.seo.robots, { config: { policy: 'public' } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots),
  );
}
