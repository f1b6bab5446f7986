import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Sets helmet's security headers on every answer. They depend only on the options, so they are computed
 * once at start: running helmet per request re-parsed the CSP each time, a measurable share of a session check.
 */
export const securityHeadersPlugin = fp<{ options: HelmetOptions }>(async (app, { options }) => {
  const headers: Record<string, string> = {};
  const fakeResponse = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as never, fakeResponse as never, () => undefined);
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
});
