import fp from 'fastify-plugin';
import type { RouteOptions } from 'fastify';

/** The paths whose routes must come from a declaration in packages/api. */
const DECLARED = /^\/(api|ws)(\/|$)/;

/**
 * Every route under /api and /ws is served from its declaration (`route(app, endpoints...)` in lib/route.ts), so
 * its method, path and schemas are the ones the clients read: a route registered any other way stops the server
 * from starting. The API's documentation pages, which the swagger UI plugin registers, are the exception given.
 */
export const declaredRoutesPlugin = fp<{ except: string[] }>(async (app, { except }) => {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!DECLARED.test(route.url) || except.some((prefix) => route.url.startsWith(prefix))) return;
    if (!route.config?.endpoint) {
      throw new Error(`${String(route.method)} ${route.url} is not served from its declaration: register it with route(app, endpoints...)`);
    }
  });
});
