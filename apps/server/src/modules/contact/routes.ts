import type { FastifyInstance } from 'fastify';
import { endpoints, messages } from '@bridge/api';
import type { RateLimits } from '../../config.ts';
import { route } from '../../lib/route.ts';
import { sendContactMessage } from './service.ts';

/** `POST /api/v1/tools/send-email`: the contact form. */
export async function contactRoutes(app: FastifyInstance, { limits }: { limits: RateLimits }) {
  route(
    app,
    endpoints.contact.send,
    {
      // Counted once the body has passed validation (preHandler runs after it): only accepted messages use up
      // the limit, so a visitor who mistypes a number is told so and is not locked out for it.
      config: { policy: 'public', rateLimit: { max: limits.contact, timeWindow: limits.windowMs, hook: 'preHandler' } },
    },
    async (request) => {
      await sendContactMessage({ db: app.database.db, mailer: app.mailer, supportEmail: app.config.supportEmail }, request.body, request.ip);
      return { result: { message: messages.messageSent } };
    },
  );
}
