import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bridge/api';
import type { RateLimits } from '../../config.ts';
import { route } from '../../lib/route.ts';
import { listDirectedEvents, listEntries, liveView, nextRound, setClock, setNotPlayed, startSession } from '../events/sessions.ts';
import { searchPlayers } from '../users/service.ts';
import { directEvent, useConsole } from './policy.ts';
import { checkMovement, createDirectedEvent, proposals, replaceEntries } from './service.ts';

/**
 * The director's console (`/api/v1/direct...`): a verified user's own events (every event for an admin), the
 * wizard's movements and new event, entries, the live view with its change stream, and the round and its clock.
 */
export async function directingRoutes(app: FastifyInstance, { limits, heartbeatMs }: { limits: RateLimits; heartbeatMs: number }) {
  const db = app.database.db;
  /** Announces a change of the event to its live views and table phones, once committed. */
  const changed = (key: string) => app.eventChanges.changed(key);

  route(app, endpoints.directing.events, { config: { policy: useConsole } }, async (request) => {
    const user = request.user!;
    return { result: await listDirectedEvents(db, user.role === 'admin' ? null : user.id) };
  });

  route(app, endpoints.directing.proposals, { config: { policy: useConsole } }, async (request) => ({
    result: proposals(request.query.pairs, request.query.minutesPerBoard),
  }));

  route(app, endpoints.directing.checkMovement, { config: { policy: useConsole } }, async (request) => ({
    result: checkMovement(request.body),
  }));

  route(app, endpoints.directing.create, { config: { policy: useConsole } }, async (request) => {
    const created = await createDirectedEvent(db, request.user!, request.body, request.ip);
    return { result: { key: created.key } };
  });

  // A search looks accounts up: limited like seating, so it cannot be used to sweep the members.
  route(
    app,
    endpoints.directing.players,
    { config: { policy: useConsole, rateLimit: { max: limits.seating, timeWindow: limits.windowMs } } },
    async (request) => ({ result: await searchPlayers(db, request.query.q) }),
  );

  route(app, endpoints.directing.entries, { config: { policy: directEvent } }, async (request) => ({
    result: { pairs: await listEntries(db, directEvent.subject(request)) },
  }));

  route(app, endpoints.directing.setEntries, { config: { policy: directEvent } }, async (request) => {
    const event = directEvent.subject(request);
    const pairs = await replaceEntries(db, request.user!, event, request.body.pairs, request.ip);
    await changed(event.key);
    return { result: { pairs } };
  });

  route(app, endpoints.directing.live, { config: { policy: directEvent } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { result: await liveView(db, directEvent.subject(request)) };
  });

  // Server-Sent Events: `change` each time the event is announced changed; the page then reads the live view again.
  // Each open stream is ended when its client goes, or when the app closes (before the server waits for its
  // connections, so a shutdown is not held open by a console left on a laptop).
  const openStreams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...openStreams]) end();
  });
  route(app, endpoints.directing.stream, { config: { policy: directEvent } }, async (request, reply) => {
    const key = directEvent.subject(request).key;
    const stream = new PassThrough();
    const heartbeat = setInterval(() => stream.write(': heartbeat\n\n'), heartbeatMs);
    heartbeat.unref();
    const stopListening = app.eventChanges.on((subject) => {
      if (subject === key) stream.write('event: change\ndata: {}\n\n');
    });
    const end = () => {
      if (!openStreams.delete(end)) return;
      clearInterval(heartbeat);
      stopListening();
      stream.end();
    };
    openStreams.add(end);
    reply.raw.once('close', end);
    // The browser reconnects after 3 s if the stream drops.
    stream.write('retry: 3000\n: open\n\n');
    return reply
      .header('content-type', 'text/event-stream; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-accel-buffering', 'no')
      .send(stream);
  });

  route(app, endpoints.directing.start, { config: { policy: directEvent } }, async (request) => {
    const event = directEvent.subject(request);
    const round = await startSession(db, request.user!, event, request.ip);
    await changed(event.key);
    return { result: { round } };
  });

  route(app, endpoints.directing.clock, { config: { policy: directEvent } }, async (request) => {
    const event = directEvent.subject(request);
    const clock = await setClock(db, request.user!, event, request.body.running, request.ip);
    await changed(event.key);
    return { result: clock };
  });

  route(app, endpoints.directing.nextRound, { config: { policy: directEvent } }, async (request) => {
    const event = directEvent.subject(request);
    const round = await nextRound(db, request.user!, event, request.ip);
    await changed(event.key);
    return { result: { round } };
  });

  route(app, endpoints.directing.notPlayed, { config: { policy: directEvent } }, async (request) => {
    const event = directEvent.subject(request);
    const notPlayed = await setNotPlayed(db, request.user!, event, request.body, request.ip);
    await changed(event.key);
    return { result: { notPlayed } };
  });
}
