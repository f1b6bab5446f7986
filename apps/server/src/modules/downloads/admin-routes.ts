import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bridge/api';
import { route } from '../../lib/route.ts';
import { testReleases } from './policy.ts';
import { testPlayerUrl } from './releases.ts';

/** `GET /api/admin/v1/tools/test-player`: the newest player installer's address, for admins only. */
export async function downloadAdminRoutes(app: FastifyInstance) {
  route(app, endpoints.downloads.adminTestPlayer, { config: { policy: testReleases } }, async () => ({
    result: await testPlayerUrl(app.config.releasesDir, app.config.publicUrl),
  }));
}
