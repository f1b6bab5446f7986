import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { PLAY_MAX_PAYLOAD } from '@bridge/api';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/database.ts';
import { memoryAttemptCounter, redisAttemptCounter } from './lib/attempts.ts';
import { tooManyAttempts } from './lib/errors.ts';
import { openRedis } from './lib/redis.ts';
import { withSocketPaths } from './lib/socket-docs.ts';
import { Announcements } from './lib/announcements.ts';
import { Mailer } from './mail/mailer.ts';
import { declaredRoutesPlugin } from './plugins/declared-routes.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { inFlightPlugin } from './plugins/in-flight.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { policyPlugin } from './plugins/policy.ts';
import { sameOriginPlugin } from './plugins/same-origin.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { sessionPlugin } from './plugins/session.ts';
import { webPlugin } from './plugins/web.ts';
import { healthRoutes } from './modules/health/routes.ts';
import { playRoutes } from './modules/play/routes.ts';
import { boardsActedOn } from './modules/play/service.ts';
import { adminUserRoutes } from './modules/users/admin-routes.ts';
import { userRoutes } from './modules/users/routes.ts';
import { eventAdminRoutes } from './modules/events/admin-routes.ts';
import { analyticsRoutes } from './modules/insights/routes.ts';
import { insightAdminRoutes } from './modules/insights/admin-routes.ts';
import { exportDownloads } from './modules/insights/service.ts';
import { auditAdminRoutes } from './modules/audits/admin-routes.ts';
import { exportAudits, recordAudit } from './modules/audits/service.ts';
import { contactRoutes } from './modules/contact/routes.ts';
import { contactAdminRoutes } from './modules/contact/admin-routes.ts';
import { dashboardAdminRoutes } from './modules/dashboard/admin-routes.ts';
import { downloadRoutes } from './modules/downloads/routes.ts';
import { downloadAdminRoutes } from './modules/downloads/admin-routes.ts';
import { exportUsers } from './modules/users/service.ts';
import { exportEvents } from './modules/events/service.ts';
import { exportParticipants } from './modules/entries/service.ts';
import { entryAdminRoutes } from './modules/entries/admin-routes.ts';
import { entryRoutes } from './modules/entries/organiser-routes.ts';
import { resultRoutes } from './modules/results/routes.ts';
import { exportRoute } from './lib/exports/route.ts';
import { fanOutEventChanges, type EventChanges } from './lib/event-changes.ts';
import { siteMapRoutes } from './modules/seo/routes.ts';
import { consoleRoutes } from './modules/entries/console-routes.ts';
import { tournamentRoutes } from './modules/events/organiser-routes.ts';
import { tableRoutes } from './modules/tables/routes.ts';
import { videoRoutes } from './modules/video/routes.ts';
import { printRoutes } from './modules/directing/print-routes.ts';
import { directingRoutes } from './modules/directing/routes.ts';
import { AnalysisRunner } from './modules/analysis/service.ts';
import { SolverPool } from './modules/analysis/solver-pool.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    database: DatabaseHandle;
    mailer: Mailer;
    /** Disable, role change, deletion, sessions ended: told here after the change, heard on every instance. */
    userAccess: Announcements;
    /** An event's results, round or clock changed (by key): told here after the change, heard on every instance. */
    eventChanges: Announcements;
    /** An event was deleted (by key): told here after the deletion is committed, heard on every instance. */
    eventDeletions: Announcements;
    /** Where services emit their changes of events, once committed: turned into the announcements above (lib/event-changes.ts). */
    changes: EventChanges;
    /** Double-dummy analysis in the background (modules/analysis). */
    analysis: AnalysisRunner;
  }
}

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /** Set false in tests that have no use for request logs. */
  logger?: boolean;
  /** Where log lines go (main.ts: readable lines at a terminal); pino's JSON on standard output when unset. */
  logStream?: DestinationStream;
}

/**
 * Fastify takes a bare hop count as "trust nothing"; a function trusts the socket's peer and the `hops - 1`
 * entries it appended after it, so the client is the address the outermost proxy wrote.
 */
const proxyTrust = (trust: Config['trustProxy']) => (typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust);

/** Builds the whole platform (API, web, mail) on an open database; never listens, so tests can inject. */
export async function buildApp({ config, database, logger = true, logStream }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.logLevel,
          redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
          ...(logStream ? { stream: logStream } : {}),
        }
      : false,
    trustProxy: proxyTrust(config.trustProxy),
    routerOptions: { ignoreTrailingSlash: true },
    bodyLimit: 1024 * 1024,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('database', database);
  const mailer = new Mailer(database.db, { smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log });
  app.decorate('mailer', mailer);
  app.addHook('onReady', async () => mailer.start());
  app.addHook('onClose', async () => mailer.close());
  const analysis = new AnalysisRunner(database.db, {
    pool:
      config.analysis.workers > 0 ? new SolverPool({ size: config.analysis.workers, libraryPath: config.analysis.library, log: app.log }) : undefined,
    log: app.log,
  });
  app.decorate('analysis', analysis);
  // Not awaited: the server is ready without the solver. Its first process starts beside the server, the others (and
  // the first pass over the analysis line) once it loaded; `analysis` in /api/health says from then on that it is there.
  app.addHook('onReady', async () => void analysis.start().catch((err: unknown) => app.log.error({ err }, 'the double-dummy solver did not start')));
  app.addHook('onClose', async () => analysis.close());

  // Plugins before routes, ours and Fastify's interleaved, each after what it needs: the in-flight count first (shutdown
  // waits for every handler), the error handler before the rate limit whose 429 it answers, the policy check before
  // any route, the session before the routes that read it.
  await app.register(inFlightPlugin);
  // Server time of each API answer (request received -> answer ready to write), for browser tools and the benches.
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(2)}`);
  });
  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(securityHeadersPlugin, {
    options: {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          mediaSrc: ["'self'", 'blob:'],
          frameSrc: ["'self'", 'https://www.openstreetmap.org'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
    },
  });
  const redis = config.redisUrl ? openRedis(config.redisUrl) : undefined;
  const userAccess = new Announcements('user-access', redis, app.log);
  const eventChanges = new Announcements('event-changes', redis, app.log);
  app.decorate('userAccess', userAccess);
  const eventDeletions = new Announcements('event-deletions', redis, app.log);
  app.decorate('eventChanges', eventChanges);
  app.decorate('eventDeletions', eventDeletions);
  // Every change of events goes out through this one fan-out, emitted by the service that made it (decision 060).
  const changes = fanOutEventChanges({ eventChanges, eventDeletions });
  app.decorate('changes', changes);
  app.addHook('onReady', async () => {
    await Promise.all([userAccess.subscribed, eventChanges.subscribed, eventDeletions.subscribed]);
  });
  app.addHook('onClose', async () => {
    userAccess.close();
    eventChanges.close();
    eventDeletions.close();
    if (redis) await redis.quit();
  });
  await app.register(rateLimit, {
    global: false,
    redis,
    nameSpace: 'bridge-rate-limit-',
    errorResponseBuilder: (_request, context) => tooManyAttempts(context.ttl),
  });
  // Wrong passwords and sign-ups per email, counted where the same Redis makes every instance see them.
  const attempts = redis ? redisAttemptCounter(redis) : memoryAttemptCounter();
  app.addHook('onClose', async () => attempts.close());
  // Before any route: every /api and /ws route must declare who may call it (config.policy), and this runs it.
  // The API's documentation pages are public; the swagger UI plugin registers them without a policy.
  await app.register(policyPlugin, { publicPrefixes: ['/api/docs'] });
  // And each is served from its declaration in packages/api (lib/route.ts).
  await app.register(declaredRoutesPlugin, { except: ['/api/docs'] });
  await app.register(swagger, {
    openapi: { info: { title: 'Bridge Platform API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
    transformObject: (document) => ('openapiObject' in document ? withSocketPaths(document.openapiObject) : document.swaggerObject),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  // The upgrade is authenticated here and the socket handed to the signalling process (modules/video), which reads
  // its frames itself; the sockets this plugin reads are the online tables', whose messages are small.
  await app.register(websocket, { options: { maxPayload: PLAY_MAX_PAYLOAD } });
  await app.register(sameOriginPlugin, { publicUrl: config.publicUrl });
  await app.register(sessionPlugin, {
    db: database.db,
    ttlMs: config.sessionTtlMs,
    secureCookie: config.publicUrl.startsWith('https:'),
    cacheMs: config.sessionCacheMs,
  });

  const ctx = { db: database.db, config, mailer, attempts, changes };
  await app.register(healthRoutes, { prefix: '/api', database, analysis });
  await app.register(userRoutes, { prefix: '/api/v1', ctx, limits: config.rateLimits });
  await app.register(adminUserRoutes, { prefix: '/api/admin/v1', ctx, limits: config.rateLimits });
  await app.register(eventAdminRoutes, { prefix: '/api/admin/v1' });
  await app.register(entryAdminRoutes, { prefix: '/api/admin/v1' });
  await app.register(insightAdminRoutes, { prefix: '/api/admin/v1' });
  await app.register(auditAdminRoutes, { prefix: '/api/admin/v1' });
  await app.register(dashboardAdminRoutes, { prefix: '/api/admin/v1' });
  await app.register(contactAdminRoutes, { prefix: '/api/admin/v1' });
  await app.register(downloadAdminRoutes, { prefix: '/api/admin/v1' });
  // Each module feeds the export library with its own rows; every export is audited before its rows are read.
  await app.register(exportRoute, {
    prefix: '/api/admin/v1',
    datasets: {
      'active-events': exportEvents('active'),
      'past-events': exportEvents('complete'),
      participants: exportParticipants,
      users: exportUsers,
      audits: exportAudits,
      downloads: exportDownloads,
    },
    audit: (db, { user, ip, dataset, format, filters }) =>
      recordAudit(db, {
        action: 'admin.export',
        outcome: 'success',
        actorId: user.id,
        actorEmail: user.email,
        target: dataset,
        ip,
        details: { format, filters },
      }),
  });
  await app.register(contactRoutes, { prefix: '/api/v1', limits: config.rateLimits });
  await app.register(downloadRoutes, { prefix: '/api/v1' });
  await app.register(analyticsRoutes, { prefix: '/api/v1', limits: config.rateLimits });
  // The deals of boards a table has acted on stay as they are: the play module, which keeps the actions, says which.
  await app.register(tournamentRoutes, { prefix: '/api/v1', limits: config.rateLimits, boardsActedOn, attempts });
  await app.register(entryRoutes, { prefix: '/api/v1', limits: config.rateLimits });
  await app.register(resultRoutes, { prefix: '/api/v1' });
  await app.register(consoleRoutes, { prefix: '/api/v1' });
  await app.register(tableRoutes, { prefix: '/api/v1', attempts });
  await app.register(printRoutes, { prefix: '/api/v1' });
  await app.register(directingRoutes, { prefix: '/api/v1', limits: config.rateLimits, heartbeatMs: config.liveHeartbeatMs, attempts });
  await app.register(videoRoutes, {
    ice: { turnUrls: config.video.turnUrls, turnSecret: config.video.turnSecret, stunUrls: config.video.stunUrls },
    publicUrl: config.publicUrl,
    // Video rooms live in Redis when there is one, so a table's players may reach different instances.
    signalling: {
      heartbeatMs: config.video.heartbeatMs,
      socketsPerUser: config.video.socketsPerUser,
      logLevel: logger ? config.logLevel : 'silent',
      redisUrl: config.redisUrl,
      // Signalling messages are small; SDP offers are a few kilobytes.
      maxPayload: 128 * 1024,
    },
  });
  // Online tables spread over the instances that share Redis, each owned by one through a lease.
  await app.register(playRoutes, { publicUrl: config.publicUrl, robotDelayMs: config.play.robotDelayMs, leaseMs: config.play.leaseMs, redis });
  await app.register(siteMapRoutes);
  await app.register(webPlugin, { distDir: config.webDistDir });
  return app;
}
