import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ContactMessageBody, ContactMessageResponse, messages } from '@bridge/api';
import type { RateLimits } from '../../config.ts';
import { sendContactMessage } from './service.ts';

/** `POST /api/v1/tools/send-email`: the contact form. */
export async function contactRoutes(app: FastifyInstance, { limits }: { limits: RateLimits }) {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/tools/send-email',
    {
      // Counted once the body has passed validation (preHandler runs after it): only accepted messages use up
      // the limit, so a visitor who mistypes a number is told so and is not locked out for it.
      config: { policy: 'public', rateLimit: { max: limits.contact, timeWindow: limits.windowMs, hook: 'preHandler' } },
      schema: { body: ContactMessageBody, response: { 200: ContactMessageResponse } },
    },
    async (request) => {
      await sendContactMessage(
        { db: app.database.db, mailer: app.mailer, supportEmail: app.config.supportEmail },
        request.body,
        request.ip,
      );
      return { result: { message: messages.messageSent } };
    },
  );
}
