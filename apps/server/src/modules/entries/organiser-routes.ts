import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bridge/api';
import type { RateLimits } from '../../config.ts';
import { route } from '../../lib/route.ts';
import { changeEvent } from '../events/service.ts';
import { addParticipants } from './service.ts';

/** The organiser API's seating (`/api/v1/tournaments/:key/participants`): the Organizer app seats players by email. */
export async function entryRoutes(app: FastifyInstance, { limits }: { limits: RateLimits }) {
  const db = app.database.db;

  // Seating looks emails up: limited like login, so it cannot be used to sweep addresses.
  route(
    app,
    endpoints.events.addParticipants,
    {
      config: { policy: changeEvent, rateLimit: { max: limits.seating, timeWindow: limits.windowMs } },
    },
    async (request) => {
      const added = await addParticipants(db, request.user!, changeEvent.subject(request), request.body.participants, request.ip);
      return { result: { added } };
    },
  );
}
