import fp from 'fastify-plugin';
import { forbidden } from '../lib/errors.ts';
import { messages } from '@bridge/api';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Refuses state-changing browser requests from other sites (CSRF). Browsers send Sec-Fetch-Site or
 * Origin on such requests; the native apps send neither and authenticate with their own session.
 */
export const sameOriginPlugin = fp<{ publicUrl: string }>(async (app, options) => {
  const publicOrigin = new URL(options.publicUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (safeMethods.has(request.method)) return;
    const fetchSite = request.headers['sec-fetch-site'];
    if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') throw forbidden(messages.crossSiteRefused);
    const origin = request.headers.origin;
    if (!origin || origin === 'null') {
      if (origin === 'null') throw forbidden(messages.crossSiteRefused);
      return;
    }
    const ownOrigin = `${request.protocol}://${request.host}`;
    if (origin !== publicOrigin && origin !== ownOrigin) throw forbidden(messages.crossSiteRefused);
  });
});
