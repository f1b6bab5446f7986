import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { WebSocket } from 'ws';
import { endpoints, ErrorCode, messages, PLAY_SOCKETS_PER_USER, PlayClientMessage, PlayCloseCode, type PlayServerMessage } from '@bridge/api';
import { parseCall, parseCard, type TableAction } from '@bridge/engine';
import type { UserRow } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import { LocalSocketCap, RedisSocketCap } from '../../lib/socket-cap.ts';
import { TokenBucket } from '../../lib/token-bucket.ts';
import { findTournament } from '../events/service.ts';
import { sameOriginSocket } from '../../lib/socket-origin.ts';
import { PlayHost, type TableRoom, type TableSocket } from './play-host.ts';
import { connectPlay, findMyTable, notOnlineMessage, notSeatedMessage, reviewPlayedBoard, tableMessageRefusal } from './policy.ts';
import { myTable, reviewBoard } from './service.ts';
import { RedisRelay, type TableRequest } from './table-relay.ts';
import { seatHeld, viewOf, type TableViewer } from './table-view.ts';

export interface PlayOptions {
  publicUrl: string;
  robotDelayMs: number;
  leaseMs: number;
  /** With Redis, tables are spread over the instances that share it (and a user's sockets counted over them). */
  redis?: Redis;
  /** Open table sockets one user may hold at once; PLAY_SOCKETS_PER_USER unless told. */
  socketsPerUser?: number;
}

/** A socket's allowance: a burst, refilled at a steady rate (a player sends a few messages a second at most). */
export const PLAY_BURST = 60;
export const PLAY_PER_SECOND = 10;
/**
 * Messages dropped for want of allowance within `PLAY_FLOOD_WINDOW_MS` (counted from the first of them) before the
 * socket is closed as a flood (4008): another burst. Messages taken in between do not wipe the count.
 */
export const PLAY_FLOOD = PLAY_BURST;
export const PLAY_FLOOD_WINDOW_MS = 10_000;

/**
 * Online play: the table socket `/ws/play` (docs/play-protocol.md). The upgrade is checked for its origin and its
 * session; each `sit` then asks where the user may sit. Every accepted call or card is stored before it is
 * broadcast, so a restarted server resumes every table (`resumeAll` when it starts listening).
 */
export async function playRoutes(app: FastifyInstance, options: PlayOptions) {
  const host = new PlayHost({
    db: app.database.db,
    robotDelayMs: options.robotDelayMs,
    bestCards: (state) => app.analysis.bestCardsFor(state),
    mostTricks: (state) => app.analysis.mostTricksFor(state),
    relay: options.redis ? new RedisRelay(options.redis, options.leaseMs, app.log) : undefined,
    leaseMs: options.leaseMs,
    changes: app.changes,
    log: app.log,
  });
  app.decorate('playHost', host);
  const sockets = new Set<PlaySocket>();
  // A user's open sockets, on every instance with Redis (docs/decisions/028, as video's).
  const perUser = options.socketsPerUser ?? PLAY_SOCKETS_PER_USER;
  const cap = options.redis ? new RedisSocketCap(options.redis, 'play', perUser) : new LocalSocketCap(perUser);

  // A new round, a result the director entered, the event completed: its tables read it again.
  const stopEvents = app.eventChanges.on((subject) => {
    if (subject.includes('/')) return;
    const started = performance.now();
    host.openEvent(subject).then(
      // How long the event's tables took to take the change in (bench/play-event-change.ts reads it).
      () => app.log.debug({ key: subject, ms: Math.round(performance.now() - started) }, 'online tables refreshed'),
      (error: unknown) => app.log.error({ err: error, key: subject }, 'online tables not refreshed'),
    );
  });
  // Deleted (by an admin, or with its organiser's account): the sockets that sat at its tables are told so and close,
  // and its tables stop.
  const stopDeletions = app.eventDeletions.on((key) => {
    for (const socket of sockets) if (socket.sitsIn(key)) socket.eventDeleted();
    host.closeEvent(key).catch((error: unknown) => app.log.error({ err: error, key }, 'the tables of a deleted event did not close'));
  });
  // Signed out, disabled or deleted: their sockets close at once.
  const stopAccess = app.userAccess.on((userId) => {
    for (const socket of sockets) if (socket.userId === userId) socket.close(PlayCloseCode.accessEnded, 'Your access has changed');
  });
  app.addHook('onListen', async () => {
    host.start();
    const started = performance.now();
    host.resumeAll().then(
      // Says when every table is back after a start, and how long it took (bench/play-recovery.ts reads it).
      (tables) => {
        if (tables > 0) app.log.info({ tables, ms: Math.round(performance.now() - started) }, 'online tables resumed');
      },
      (error: unknown) => app.log.error({ err: error }, 'online tables not resumed'),
    );
  });
  app.addHook('preClose', async () => {
    stopEvents();
    stopDeletions();
    stopAccess();
    for (const socket of sockets) socket.close(1001, 'The server is stopping');
    await host.close();
    await cap.close();
  });

  /** Before the handshake: a user holding their share of sockets already is refused (429); the place is given back when the socket closes. */
  const takePlace = async (request: FastifyRequest) => {
    if (!request.ws) return; // a plain GET: the route answers 404
    const release = await cap.acquire(request.user!.id).catch(() => null);
    if (!release) throw new AppError(429, ErrorCode.rateLimited, messages.playTooManySockets);
    request.raw.socket.once('close', release);
  };

  // A board for review beside the table: its traveller and deal, each where the caller may see it.
  route(app, endpoints.play.board, { config: { policy: reviewPlayedBoard } }, async (request, reply) => {
    const event = await findTournament(app.database.db, request.params.key);
    reply.header('cache-control', 'no-store');
    return { result: await reviewBoard(app.database.db, request.user!, event, request.params.board) };
  });

  // Where the caller sits now in an event: the online table's page opens at that table.
  route(app, endpoints.play.myTable, { config: { policy: findMyTable } }, async (request) => ({
    result: await myTable(app.database.db, request.user!.id, request.params.key),
  }));

  route(
    app,
    endpoints.play.socket,
    { websocket: true, config: { policy: connectPlay }, onRequest: sameOriginSocket(options.publicUrl), preHandler: takePlace },
    (socket, request) => {
      const user = request.user!;
      const player = new PlaySocket(socket, user.id, user.role, host, app.log);
      sockets.add(player);
      socket.once('close', () => {
        sockets.delete(player);
        player.disconnected();
      });
    },
  );
}

declare module 'fastify' {
  interface FastifyInstance {
    playHost: PlayHost;
  }
}

/** One socket: its allowance, the table it sits at and as what, and its messages handled one after another. */
class PlaySocket implements TableSocket {
  viewer: TableViewer = { kind: 'kibitzer' };
  private room: TableRoom | null = null;
  /** Where it last sat down. */
  private place: { key: string; table: number } | null = null;
  private readonly allowance = new TokenBucket(PLAY_BURST, PLAY_PER_SECOND);
  /** Messages dropped for want of allowance since `droppedSince` (0: none in the window). */
  private dropped = 0;
  private droppedSince = 0;
  private pending: Promise<void> = Promise.resolve();
  private gone = false;

  constructor(
    private readonly socket: WebSocket,
    readonly userId: string,
    private readonly role: UserRow['role'],
    private readonly host: PlayHost,
    private readonly log: { error(details: object, message: string): void },
  ) {
    socket.on('message', (data) => {
      if (!this.allowance.take()) {
        const now = Date.now();
        if (this.dropped === 0 || now - this.droppedSince >= PLAY_FLOOD_WINDOW_MS) {
          this.dropped = 0;
          this.droppedSince = now;
        }
        // A whole burst more dropped within the window: a flood, not a player in a hurry.
        if (++this.dropped > PLAY_FLOOD) return this.close(PlayCloseCode.tooManyMessages, 'Too many messages');
        // Told once a window: a flood is not answered message by message.
        if (this.dropped === 1) this.reply({ type: 'error', message: 'Too many messages: slow down' });
        return;
      }
      const text = data.toString();
      this.pending = this.pending
        .then(() => this.handle(text))
        .catch((error: unknown) => {
          this.log.error({ err: error }, 'a play message failed');
          this.reply({ type: 'error', message: 'Something went wrong; try again' });
        });
    });
  }

  send(message: PlayServerMessage) {
    this.reply(message);
  }

  close(code: number, reason: string) {
    this.socket.close(code, reason);
  }

  /** Whether it sat at a table of the event last (and may sit there still). */
  sitsIn(key: string) {
    return this.place?.key === key;
  }

  /** Its event was deleted: it is told so, and closes (docs/play-protocol.md). */
  eventDeleted() {
    this.leave();
    this.place = null;
    this.reply({ type: 'error', message: messages.eventGone });
    this.close(PlayCloseCode.eventDeleted, 'The event was deleted');
  }

  leave() {
    if (this.room) this.host.leave(this.room, this);
    this.room = null;
  }

  /** The socket closed: it leaves its table, and sits nowhere again (a sit under way when it closed leaves too). */
  disconnected() {
    this.gone = true;
    this.leave();
  }

  unseated() {
    this.room = null;
    const place = this.place;
    if (!place) return;
    // In turn with its messages: none acts at the table it left, and the next is handled where it sits now.
    this.pending = this.pending
      .then(() => this.moveOn(place.key, place.table))
      .catch((error: unknown) => this.log.error({ err: error }, 'a moved player could not be placed'));
  }

  /** Sits again at the same table when the movement keeps the player there (at another seat, maybe); else says where to go. */
  private async moveOn(key: string, table: number) {
    const now = await this.host.placeOf(this.userId, key);
    if (!now) return this.reply({ type: 'error', message: notOnlineMessage });
    if (now.table === table) return this.sit(key, table, true);
    this.reply({ type: 'moved', key, round: now.round, table: now.table });
  }

  private async handle(text: string) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return this.reply({ type: 'error', message: 'A message is a JSON object' });
    }
    const parsed = PlayClientMessage.safeParse(json);
    if (!parsed.success) return this.reply({ type: 'error', message: parsed.error.issues[0]?.message ?? 'This message is not understood' });
    const message = parsed.data;
    if (message.type === 'sit') return this.sit(message.key, message.table);
    if (!this.room) return this.reply({ type: 'error', message: 'Take a seat first: send sit with the event key and the table' });
    // Who may send what at the table (policy.ts): the director rules, gives seats to robots and answers calls; a
    // player calls the director and plays.
    const forbidden = tableMessageRefusal(this.viewer, message.type);
    if (forbidden) return this.reply({ type: 'error', message: forbidden });
    const request = this.requestOf(message);
    if (typeof request === 'string') return this.reply({ type: 'error', message: request });
    // The card's path (docs/play-protocol.md): to the table, whose outcome every socket there hears.
    const refused = await this.host.request(this.room, request);
    if (refused) this.reply({ type: 'error', message: refused });
  }

  /** What a message the viewer may send asks of the table; or why it is not one (an unreadable call or card). */
  private requestOf(message: Exclude<PlayClientMessage, { type: 'sit' }>): TableRequest | string {
    const viewer = this.viewer;
    if (message.type === 'ruling') return { kind: 'action', actor: 'director', action: { type: 'directorRuling', tricks: message.tricks } };
    if (message.type === 'robot') return { kind: 'robot', seat: message.seat, robot: message.robot };
    if (message.type === 'directorHere') return { kind: 'directorHere' };
    // Every other message is a seat's: `tableMessageRefusal` refused it to anyone else.
    if (viewer.kind !== 'seat') throw new Error(`a ${viewer.kind} may not send ${message.type}`);
    const player = { userId: viewer.userId, round: viewer.round };
    if (message.type === 'callDirector') return { kind: 'callDirector', seat: viewer.seat, player };
    const action = actionOf(message);
    return typeof action === 'string' ? action : { kind: 'action', actor: viewer.seat, action, player };
  }

  /** Sits at a table as the user may; `again` after a seat was lost, when a second loss waits for the table's next frame. */
  private async sit(key: string, table: number, again = false) {
    // Asked again at the table it sits at (a page sending sit over and over): answered from the table as it holds it.
    if (!again && this.room && !this.room.closed && this.place?.key === key && this.place.table === table) {
      const snapshot = this.room.snapshot;
      const state = snapshot && seatHeld(snapshot, this.viewer) === 'held' ? viewOf(snapshot, this.viewer) : null;
      if (state) return this.reply({ type: 'table', state });
    }
    const answer = await this.host.sit({ id: this.userId, role: this.role }, key, table).catch((error: unknown) => {
      return { ok: false as const, message: error instanceof Error && 'statusCode' in error ? error.message : 'This table cannot be opened now' };
    });
    if (!answer.ok && answer.message === notSeatedMessage) {
      // A player asking for a table the movement no longer gives them (a page or a reconnect from an earlier round):
      // told where they sit now.
      const now = await this.host.placeOf(this.userId, key);
      if (now && now.table !== table) {
        this.leave();
        return this.reply({ type: 'moved', key, round: now.round, table: now.table });
      }
    }
    if (!answer.ok) return this.reply({ type: 'error', message: answer.message });
    if (this.room !== answer.room) this.leave();
    this.room = answer.room;
    this.viewer = answer.viewer;
    this.place = { key, table };
    await this.host.join(answer.room, this);
    if (this.gone) return this.host.leave(answer.room, this);
    const snapshot = answer.room.snapshot;
    const held = snapshot ? seatHeld(snapshot, this.viewer) : 'held';
    // Sat down for a round the table is still taking in: the table's next frame is the first.
    if (held === 'ahead') return;
    if (held === 'lost' && !again) {
      // The table is a round ahead of what was read: where the player sits now is read again.
      this.host.leave(answer.room, this);
      return this.unseated();
    }
    // Still not this player's seat as the table last told it: its next frame decides.
    if (held === 'lost') return;
    const state = snapshot && viewOf(snapshot, this.viewer);
    if (state) this.reply({ type: 'table', state });
    else this.reply({ type: 'error', message: `Table ${table} has no boards to play in this round` });
  }

  private reply(message: PlayServerMessage) {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(message));
  }
}

/** The engine's action for a message, with calls and cards read as typed; or why it is not one. */
function actionOf(message: Exclude<PlayClientMessage, { type: 'sit' | 'ruling' | 'robot' | 'callDirector' | 'directorHere' }>): TableAction | string {
  switch (message.type) {
    case 'call': {
      const call = parseCall(message.call);
      if (!call) return `"${message.call}" is not a call: 1C to 7NT, Pass, X or XX`;
      return { type: 'call', call, alert: message.alert ?? false, ...(message.explanation ? { explanation: message.explanation } : {}) };
    }
    case 'play': {
      const card = parseCard(message.card);
      if (!card) return `"${message.card}" is not a card: a suit letter and a rank, like SA or H10`;
      return { type: 'play', card };
    }
    default:
      return message;
  }
}
