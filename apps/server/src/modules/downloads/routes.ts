import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { type AppId, endpoints, messages } from '@bridge/api';
import { notFound } from '../../lib/errors.ts';
import { recordDownload } from '../insights/service.ts';
import { route } from '../../lib/route.ts';
import { listReleases } from './releases.ts';

const contentTypes: Record<string, string> = {
  exe: 'application/vnd.microsoft.portable-executable',
  msi: 'application/x-msi',
  msix: 'application/msix',
  apk: 'application/vnd.android.package-archive',
  zip: 'application/zip',
};

/** `GET /api/v1/apps/releases` and `GET /api/v1/apps/download`: installers from RELEASES_DIR. */
export async function downloadRoutes(app: FastifyInstance) {
  const dir = app.config.releasesDir;

  route(app, endpoints.downloads.releases, { config: { policy: 'public' } }, async (_request, reply) => {
    const releases = await listReleases(dir);
    reply.header('cache-control', 'no-cache');
    return { result: releases.map(({ path: _path, ...release }) => release) };
  });

  route(app, endpoints.downloads.download, { config: { policy: 'public' } }, async (request, reply) => {
    const { platform, file, source } = request.query;
    const wanted: AppId = file === 'apk' ? 'player' : file;
    const release = (await listReleases(dir)).find((candidate) => candidate.app === wanted && candidate.platform === platform);
    if (!release) throw notFound(messages.releaseMissing);
    if (request.method === 'GET') {
      await app.loadUser(request);
      await recordDownload(
        app.database.db,
        app.config.publicUrl,
        {
          userAgent: request.headers['user-agent'],
          referrer: request.headers.referer,
          userId: request.user?.id,
        },
        release,
        source === 'test-player' && request.user?.role === 'admin' ? 'test' : 'public',
      );
    }
    const extension = release.fileName.split('.').pop()!;
    return reply
      .header('content-type', contentTypes[extension] ?? 'application/octet-stream')
      .header('content-length', release.size)
      .header('content-disposition', `attachment; filename="${release.fileName}"`)
      .header('cache-control', 'no-store')
      .send(fs.createReadStream(release.path));
  });
}
