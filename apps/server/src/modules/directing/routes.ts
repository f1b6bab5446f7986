import type { FastifyInstance } from 'fastify';
import { endpoints } from '@bridge/api';
import { changeStreams, concernsEvent } from '../../lib/change-stream.ts';
import { route } from '../../lib/route.ts';
import { createCounted, listDirectedEvents, nextRound, setClock, type EventCreationLimits } from '../events/service.ts';
import { listEntries, startSession } from '../entries/service.ts';
import { liveView, setNotPlayed } from '../results/service.ts';
import { searchPlayers } from '../users/service.ts';
import { directEvent, useConsole, watchEvent } from './policy.ts';
import { checkMovement, createDirectedEvent, proposals, replaceEntries } from './service.ts';

/**
 * The director's console (`/api/v1/direct...`): a verified user's own events (every event for an admin), the
 * wizard's movements and new event, entries, the live view with its change stream, and the round and its clock.
 */
export async function directingRoutes(app: FastifyInstance, options: EventCreationLimits & { heartbeatMs: number }) {
  const { limits, heartbeatMs } = options;
  const db = app.database.db;
  // Each change is told to its live views and table phones by the service that makes it, once committed.
  const ctx = { db, changes: app.changes };

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
    const user = request.user!;
    const created = await createCounted(options, user, () => createDirectedEvent(db, user, request.body, request.ip));
    return { result: { key: created.key } };
  });

  // A search looks accounts up (only those the caller may find, decision 058): limited per director, counted once
  // the session is known, so directors sharing a club's address do not share the limit.
  route(
    app,
    endpoints.directing.players,
    {
      config: {
        policy: useConsole,
        rateLimit: {
          max: limits.playerSearch,
          timeWindow: limits.windowMs,
          hook: 'preHandler',
          keyGenerator: (request) => `player-search:${request.user!.id}`,
        },
      },
    },
    async (request) => ({ result: await searchPlayers(db, request.user!.id, request.query.q) }),
  );

  route(app, endpoints.directing.entries, { config: { policy: directEvent } }, async (request) => ({
    result: { pairs: await listEntries(db, directEvent.subject(request)) },
  }));

  route(app, endpoints.directing.setEntries, { config: { policy: directEvent } }, async (request) => {
    const event = directEvent.subject(request);
    const pairs = await replaceEntries(ctx, request.user!, event, request.body.pairs, request.ip);
    return { result: { pairs } };
  });

  route(app, endpoints.directing.live, { config: { policy: watchEvent } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { result: await liveView(db, watchEvent.subject(request)) };
  });

  // Server-Sent Events: `change` when the event or any of its tables changes; the page then reads the live view again.
  const changeStream = changeStreams(app, { heartbeatMs });
  route(app, endpoints.directing.stream, { config: { policy: watchEvent } }, async (request, reply) =>
    changeStream(reply, concernsEvent(watchEvent.subject(request).key)),
  );

  route(app, endpoints.directing.start, { config: { policy: directEvent } }, async (request) => {
    const event = directEvent.subject(request);
    const round = await startSession(ctx, request.user!, event, request.ip);
    return { result: { round } };
  });

  route(app, endpoints.directing.clock, { config: { policy: directEvent } }, async (request) => {
    const event = directEvent.subject(request);
    const clock = await setClock(ctx, request.user!, event, request.body.running, request.ip);
    return { result: clock };
  });

  route(app, endpoints.directing.nextRound, { config: { policy: directEvent } }, async (request) => {
    const event = directEvent.subject(request);
    const round = await nextRound(ctx, request.user!, event, request.ip);
    return { result: { round } };
  });

  route(app, endpoints.directing.notPlayed, { config: { policy: directEvent } }, async (request) => {
    const event = directEvent.subject(request);
    const notPlayed = await setNotPlayed(ctx, request.user!, event, request.body, request.ip);
    return { result: { notPlayed } };
  });
}
