import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../db/database.ts';

/** `GET /api/health`: 200 while the database answers the queries requests make, 503 while not (load balancers use it). */
export async function healthRoutes(app: FastifyInstance, { database }: { database: DatabaseHandle }) {
  app.get('/health', { config: { policy: 'public' } }, async (_request, reply) => {
    const ok = await database.serves(2000);
    return reply
      .status(ok ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: ok ? 'ok' : 'unavailable', database: ok });
  });
}
