import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bridge/api';
import type { DatabaseHandle } from '../../db/database.ts';
import { route } from '../../lib/route.ts';

/**
 * `GET /api/health`: 200 while the database answers the queries requests make, 503 while not (load balancers use it);
 * `analysis` says whether the double-dummy solver loaded, which the platform can do without.
 */
export async function healthRoutes(app: FastifyInstance, { database, analysis }: { database: DatabaseHandle; analysis: { available: boolean } }) {
  route(app, endpoints.health.check, { config: { policy: 'public' } }, async (_request, reply) => {
    const ok = await database.serves(2000);
    // The declaration types the 200 answer; the 503 sends the same shape, which the types cannot say.
    return reply
      .status((ok ? 200 : 503) as 200)
      .header('cache-control', 'no-store')
      .send({ status: ok ? 'ok' : 'unavailable', database: ok, analysis: analysis.available });
  });
}
