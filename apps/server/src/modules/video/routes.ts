import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endpoints } from '@bridge/api';
import { sameOriginSocket } from '../../lib/socket-origin.ts';
import { userAccess } from '../users/service.ts';
import { route } from '../../lib/route.ts';
import { connectVideo } from './policy.ts';
import { channelAccess, tablesInPlay } from './service.ts';
import { iceServersFor, missingRelayWarning, type IceConfig } from './ice.ts';
import { SignallingHost } from './signalling-host.ts';
import type { SignallingSettings } from './signalling-protocol.ts';

export interface VideoOptions {
  ice: IceConfig;
  publicUrl: string;
  signalling: SignallingSettings;
}

/**
 * Relay credentials (`POST /api/v1/video/ice-servers`) and the signalling socket (`/ws/video`). The socket's
 * upgrade is checked for its origin here and for its session by the route's policy, and the socket then handed to the signalling process,
 * which relays in a heap of its own (docs/decisions/016).
 */
export async function videoRoutes(app: FastifyInstance, options: VideoOptions) {
  route(app, endpoints.video.iceServers, { config: { policy: connectVideo } }, async (request) => ({
    iceServers: iceServersFor(request.user!.id, options.ice, request.body.ttl),
  }));

  // The console and the results page link a seated player to the room of their table.
  route(app, endpoints.video.tables, { config: { policy: connectVideo } }, async (request) => ({
    result: { tables: await tablesInPlay(app.database.db, request.user!.id) },
  }));

  // Said once when the server starts, where whoever deploys it reads the log.
  const relayWarning = missingRelayWarning(options.ice);
  if (relayWarning) app.addHook('onReady', async () => app.log.warn(relayWarning));

  const signalling = new SignallingHost({
    settings: options.signalling,
    access: (session, channel) => channelAccess(app.database.db, session, channel),
    userAccess: (userId) => userAccess(app.database.db, userId),
    log: app.log,
  });
  // Disabled, demoted, deleted or signed out, on this instance or another: their sockets close at once.
  const unsubscribe = app.userAccess.on((userId) => void signalling.userChanged(userId));
  app.addHook('onClose', async () => unsubscribe());
  // Started with the server, so the first player to join does not wait for the process to start.
  app.addHook('onListen', async () => {
    signalling.start().catch(() => undefined);
  });
  // Before the server stops accepting: it waits for the sockets the process holds.
  app.addHook('preClose', async () => signalling.close());

  const sameOrigin = sameOriginSocket(options.publicUrl);
  // The bytes that followed each upgrade request (normally none), from the server's own 'upgrade' event: this
  // listener runs before @fastify/websocket's, which routes the request to handOver.
  const upgradeHeads = new WeakMap<IncomingMessage, Buffer>();
  const keepHead = (request: IncomingMessage, _socket: Duplex, head: Buffer) => void upgradeHeads.set(request, head);
  app.server.prependListener('upgrade', keepHead);
  app.addHook('onClose', async () => void app.server.off('upgrade', keepHead));

  const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.ws) return; // a plain GET: the route answers 404
    reply.hijack();
    const { id, names, role } = request.user!;
    const raw = request.raw;
    // The policy found the session, so there is one.
    const session = app.sessions.currentSessionHash(request)!;
    await signalling.hand(
      raw.socket,
      upgradeHeads.get(raw) ?? Buffer.alloc(0),
      { method: raw.method ?? 'GET', url: raw.url ?? '/ws/video', headers: { ...raw.headers } },
      { id, names, role },
      session,
    );
  };

  route(app, endpoints.video.socket, { websocket: true, config: { policy: connectVideo }, onRequest: sameOrigin, preHandler: handOver }, (socket) => {
    // Not reached: handOver hijacks every upgrade before the handshake.
    socket.close(1011);
  });
}
