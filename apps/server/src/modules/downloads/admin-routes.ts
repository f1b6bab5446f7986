import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { TestPlayerUrlResponse } from '@bridge/api';
import { testPlayerUrl } from './releases.ts';

/** `GET /api/admin/v1/tools/test-player`: the newest player installer's address, for admins only. */
export async function downloadAdminRoutes(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => app.requireAdmin(request));
  app.withTypeProvider<ZodTypeProvider>().get('/tools/test-player', { schema: { response: { 200: TestPlayerUrlResponse } } }, async () => ({
    result: await testPlayerUrl(app.config.releasesDir, app.config.publicUrl),
  }));
}
