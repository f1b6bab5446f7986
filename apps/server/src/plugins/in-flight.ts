import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves when no request handler is running (or after `timeoutMs`). Shutdown waits on it. */
    handlersDrained(timeoutMs: number): Promise<boolean>;
  }
  interface FastifyRequest {
    countedInFlight: boolean;
  }
}

/**
 * Counts requests whose handlers are still running. Closing the server stops new requests and waits for
 * connections, but a client that hangs up does not stop its handler: the database must stay open until
 * those finish, or they fail half-way.
 */
export const inFlightPlugin = fp(async (app) => {
  let inFlight = 0;
  let waiters: (() => void)[] = [];
  app.decorateRequest('countedInFlight', false);
  const done = (request: { countedInFlight: boolean }) => {
    if (!request.countedInFlight) return;
    request.countedInFlight = false;
    inFlight--;
    if (inFlight === 0) {
      waiters.forEach((resolve) => resolve());
      waiters = [];
    }
  };
  app.addHook('onRequest', async (request, reply) => {
    request.countedInFlight = true;
    inFlight++;
    // A WebSocket upgrade is hijacked and never answered here, so neither hook below sees it: it is done when its
    // socket is let go here (handed to the signalling process, or refused and closed).
    if (request.headers.upgrade) reply.raw.once('close', () => done(request));
  });
  // onSend runs once the handler (or the error handler) has produced its answer, whether or not the client is
  // still there; onResponse covers answers that skip it.
  app.addHook('onSend', async (request) => done(request));
  app.addHook('onResponse', async (request) => done(request));
  app.decorate('handlersDrained', (timeoutMs: number) => {
    if (inFlight === 0) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      waiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  });
});
