import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TestPlayerUrlResponse } from '@bridge/api';
import { testReleases } from './policy.ts';
import { testPlayerUrl } from './releases.ts';

/** `GET /api/admin/v1/tools/test-player`: the newest player installer's address, for admins only. */
export async function downloadAdminRoutes(app: FastifyInstance) {
  app.withTypeProvider<ZodTypeProvider>().get('/tools/test-player', { config: { policy: testReleases }, schema: { response: { 200: TestPlayerUrlResponse } } }, async () => ({
    result: await testPlayerUrl(app.config.releasesDir, app.config.publicUrl),
  }));
}
