import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bridge/api';
import type { RateLimits } from '../../config.ts';
import { route } from '../../lib/route.ts';
import { recordPageView } from './service.ts';

/**
 * `POST /api/v1/analytics/pageview`: the web app calls it only after the visitor chose Accept All.
 * The data stays in our database; no third-party analytics.
 */
export async function analyticsRoutes(app: FastifyInstance, { limits }: { limits: RateLimits }) {
  const config = { policy: 'public' as const, rateLimit: { max: limits.pageViews, timeWindow: limits.windowMs } };
  route(app, endpoints.insights.pageView, { config }, async (request, reply) => {
    await app.loadUser(request);
    await recordPageView(app.database.db, {
      path: request.body.path,
      referrer: request.body.referrer,
      userAgent: request.headers['user-agent'],
      userId: request.user?.id,
    });
    return reply.status(204).send();
  });
}
