import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { messages } from '@bridge/api';
import { Writable } from 'node:stream';
import { buildApp } from '../../app.ts';
import { buildTestApp, openTestDatabase, testConfig, type TestApp } from '../../../test/build-test-app.ts';
import { buildUser, login } from '../../../test/factories.ts';
import { Client, seatedEvent, startServer, TURN_SECRET, video } from '../../../test/video.ts';
import { SIGNAL_BURST } from './connection.ts';

describe('relay credentials (POST /api/v1/video/ice-servers)', () => {
  let t: TestApp;
  beforeAll(async () => (t = await buildTestApp({ video })));
  afterAll(async () => t.close());

  it("answers STUN and time-limited TURN credentials in coturn's shared-secret scheme", async () => {
    const user = await buildUser(t.app);
    const before = Math.floor(Date.now() / 1000);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/video/ice-servers',
      headers: { cookie: await login(t.app, user) },
      payload: { ttl: 3600 },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [stun, turn] = response.json().iceServers;
    expect(stun).toEqual({ urls: video.stunUrls });
    expect(turn.urls).toEqual(video.turnUrls);
    const [expiry, userId] = turn.username.split(':');
    expect(userId).toBe(user.id);
    expect(Number(expiry) - before).toBeGreaterThanOrEqual(3600);
    expect(Number(expiry) - before).toBeLessThanOrEqual(3601);
    expect(turn.credential).toBe(createHmac('sha1', TURN_SECRET).update(turn.username).digest('base64'));
  });

  it('gives a day by default, refuses a longer life, and answers only signed-in users', async () => {
    const cookie = await login(t.app, await buildUser(t.app));
    const call = (payload: object, headers: Record<string, string> = { cookie }) =>
      t.app.inject({ method: 'POST', url: '/api/v1/video/ice-servers', headers, payload });
    const standard = (await call({})).json().iceServers[1];
    expect(Number(standard.username.split(':')[0]) - Math.floor(Date.now() / 1000)).toBeGreaterThan(86_400 - 5);
    expect((await call({ ttl: 86_401 })).statusCode).toBe(400);
    expect((await call({ ttl: 3600 }, {})).statusCode).toBe(401);
  });
});

describe("a player's tables in play (GET /api/v1/video/tables)", () => {
  it('gives each seated player the room the movement puts them in now, and nothing to others or once the event is complete', async () => {
    const t = await buildTestApp({ video });
    const event = await seatedEvent(t, { kibitzers: true });
    const tables = async (who: { cookie: string }) => {
      const response = await t.app.inject({ method: 'GET', url: '/api/v1/video/tables', headers: { cookie: who.cookie } });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().result.tables;
    };
    const atTable = (table: number, seat: string) => [
      { key: event.key, name: 'Club Pairs', table, channel: `${event.key}table${table - 1}`, seat, play: false },
    ];
    expect(await tables(event.players[0]!)).toEqual(atTable(1, 'North'));
    expect(await tables(event.players[1]!)).toEqual(atTable(1, 'East'));
    for (const nobody of [event.kibitzer, event.outsider, event.organiser]) expect(await tables(nobody)).toEqual([]);

    // Round 1 all in (Mitchell, 3 tables, 2 boards a round): East-West of table 1 move to table 2.
    for (const table of [1, 2, 3]) {
      for (const board of [2 * table - 1, 2 * table]) {
        const posted = await t.app.inject({
          method: 'POST',
          url: `/api/v1/tournaments/${event.key}/results`,
          headers: { cookie: event.organiser.cookie },
          payload: { round: 1, board, table, nsPair: table, ewPair: table, contract: { level: 0, strain: 'NT', doubled: 0 }, tricks: 0 },
        });
        expect(posted.statusCode, posted.body).toBe(200);
      }
    }
    expect(await tables(event.players[3]!)).toEqual(atTable(2, 'West'));
    expect(await tables(event.players[2]!)).toEqual(atTable(1, 'South'));

    const completed = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tournaments/${event.key}/complete`,
      headers: { cookie: event.organiser.cookie },
    });
    expect(completed.statusCode, completed.body).toBe(200);
    expect(await tables(event.players[0]!)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/video/tables' })).statusCode).toBe(401);
  });
});

describe('rooms of a session the director runs', () => {
  it("follow the director's round: Next round moves the pairs' rooms with results still missing", async () => {
    const t = await buildTestApp({ video });
    const event = await seatedEvent(t, { kibitzers: true });
    const tables = async (who: { cookie: string }) =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/video/tables', headers: { cookie: who.cookie } })).json().result.tables;
    const director = (action: string) =>
      t.app.inject({ method: 'POST', url: `/api/v1/direct/events/${event.key}/${action}`, headers: { cookie: event.organiser.cookie } });
    expect((await director('start')).statusCode).toBe(200);
    expect(await tables(event.players[3]!)).toMatchObject([{ table: 1, seat: 'West' }]);
    // No result posted: the director moves the session on all the same, and East-West of table 1 go to table 2.
    expect((await director('next-round')).statusCode).toBe(200);
    expect(await tables(event.players[3]!)).toMatchObject([{ table: 2, seat: 'West', channel: `${event.key}table1` }]);
    expect(await tables(event.players[0]!)).toMatchObject([{ table: 1, seat: 'North' }]);
  });
});

describe('without STUN or TURN configured', () => {
  it('answers an empty list of ice servers: the browsers then use host candidates only', async () => {
    const t = await buildTestApp();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v1/video/ice-servers',
      headers: { cookie: await login(t.app, await buildUser(t.app)) },
      payload: {},
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ iceServers: [] });
  });

  const startedLog = async (video: Partial<typeof import('../../../test/video.ts').video>) => {
    const lines: { level: number; msg: string }[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
        done();
      },
    });
    const { database, drop } = await openTestDatabase();
    const base = testConfig({ logLevel: 'warn' });
    const app = await buildApp({ config: { ...base, video: { ...base.video, ...video } }, database, logStream });
    try {
      await app.ready();
    } finally {
      await app.close();
      await database.close();
      await drop();
    }
    return lines.filter((line) => /TURN/.test(line.msg));
  };

  it('warns once at start that players on different networks may not connect, and not when a relay is configured', async () => {
    const warnings = await startedLog({ turnUrls: [], turnSecret: undefined, stunUrls: [] });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.level).toBe(40);
    expect(warnings[0]!.msg).toMatch(/players on different networks may not connect.*docs\/deploy\.md/);
    expect(await startedLog({ turnUrls: video.turnUrls, turnSecret: TURN_SECRET })).toEqual([]);
  });
});

describe('signalling (/ws/video)', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let event: Awaited<ReturnType<typeof seatedEvent>>;
  const open: Client[] = [];
  const connect = async (user: { cookie: string } | null, options: { origin?: string; autoPong?: boolean } = {}) => {
    const client = await Client.open(server.wsUrl, user?.cookie, options);
    open.push(client);
    return client;
  };
  beforeAll(async () => {
    server = await startServer();
    event = await seatedEvent(server.t, { kibitzers: false });
  });
  afterAll(async () => {
    open.forEach((c) => c.close());
    await server.t.close();
  });

  it('refuses a socket without a session, or from another site, before it opens', async () => {
    await expect(connect(null)).rejects.toThrow('HTTP 401');
    await expect(connect(event.players[0]!, { origin: 'https://evil.example' })).rejects.toThrow('HTTP 403');
  });

  it('puts the four players of a table in one room and relays offers, answers and candidates to their target only', async () => {
    const channel = `${event.key}table0`;
    const [north, east, south, west] = await Promise.all(event.players.map((p) => connect(p)));
    const first = await north!.join(channel);
    expect(first.body.peer).toEqual({ peerId: event.players[0]!.id, displayName: 'Nina North', seat: 'North' });
    expect(first.body.peers).toEqual([]);
    await east!.join(channel);
    await south!.join(channel);
    const last = await west!.join(channel);
    expect(last.body.peers.map((p) => p.seat).sort()).toEqual(['East', 'North', 'South']);

    west!.send('start', channel);
    for (const other of [north!, east!, south!]) expect((await other.next('start_call')).body.peer.displayName).toBe('Walt West');

    const offer = { type: 'offer', sdp: 'v=0 offer from north' };
    north!.send('send_offer', channel, { sdp: offer, targetPeer: event.players[3]!.id });
    expect((await west!.next('offer_sdp_recieved')).body).toEqual({ sdp: offer, from: event.players[0]!.id });
    west!.send('send_answer', channel, { sdp: { type: 'answer', sdp: 'v=0 answer' }, targetPeer: event.players[0]!.id });
    expect((await north!.next('answer_sdp_recieved')).body.from).toBe(event.players[3]!.id);
    const candidate = { candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host', sdpMid: '0', sdpMLineIndex: 0 };
    north!.send('ice_candidate', channel, { candidate, targetPeer: event.players[3]!.id });
    expect((await west!.next('ice_candidate')).body).toEqual({ candidate, from: event.players[0]!.id });

    north!.send('peerDetails', channel, {});
    expect((await north!.next('peerDetails')).body.peers.map((p) => p.displayName).sort()).toEqual(['Eric East', 'Sara South', 'Walt West']);
    // Nobody else saw the private messages.
    for (const other of [east!, south!]) expect(other.received.filter((m) => m.type !== 'start_call').map((m) => m.type)).toEqual([]);

    // A second socket of the same user is refused, and the room is unchanged.
    const again = await connect(event.players[0]!);
    again.send('join', channel, { strict: true });
    expect((await again.next('alreadyJoined')).body.message).toBe(messages.videoAlreadyJoined);
    east!.send('peerDetails', channel, {});
    expect((await east!.next('peerDetails')).body.peers).toHaveLength(3);

    // Hanging up is announced to the others.
    south!.send('disconnect', channel);
    for (const other of [north!, east!, west!]) expect((await other.next('disconnected')).body.peerId).toBe(event.players[2]!.id);
    west!.close();
    for (const other of [north!, east!]) expect((await other.next('disconnected')).body.peerId).toBe(event.players[3]!.id);
  });

  it("handles a socket's messages in the order sent: what follows a join waits for it, and a relay after it goes through", async () => {
    const event = await seatedEvent(server.t, { kibitzers: false });
    const channel = `${event.key}table0`;
    const [north, east] = await Promise.all([connect(event.players[0]!), connect(event.players[1]!)]);
    await east.join(channel);
    // All at once, without waiting for 'joined': the join reads the database, the rest must not overtake it.
    const offer = { type: 'offer', sdp: 'v=0 sent right after the join' };
    north.send('join', channel, { strict: true });
    north.send('send_offer', channel, { sdp: offer, targetPeer: event.players[1]!.id });
    north.send('peerDetails', channel, {});
    north.send('no such type', channel);
    north.send('ice_candidate', channel, { candidate: { candidate: 'candidate:1 1 udp 1 127.0.0.1 1 typ host' }, targetPeer: event.players[1]!.id });
    expect((await east.next('offer_sdp_recieved')).body).toEqual({ sdp: offer, from: event.players[0]!.id });
    expect((await east.next('ice_candidate')).body.from).toBe(event.players[0]!.id);
    // The sender's own answers came in the same order, the refusal of the unreadable message last.
    expect((await north.next('error')).body.code).toBe('validation_failed');
    expect(north.received.map((m) => m.type)).toEqual(['joined', 'peerDetails']);
    expect(east.received.map((m) => m.type)).toEqual([]);
    north.close();
    expect((await east.next('disconnected')).body.peerId).toBe(event.players[0]!.id);
    east.close();
  });

  it("a non-strict join takes the place of the same user's older socket, which is told and closed; a strict one is refused", async () => {
    const fresh = await seatedEvent(server.t, { kibitzers: false });
    const channel = `${fresh.key}table0`;
    const north = await connect(fresh.players[0]!);
    await north.join(channel);
    const old = await connect(fresh.players[1]!);
    await old.join(channel);
    const closed = new Promise<number>((resolve) => old.socket.once('close', (code) => resolve(code)));

    const again = await connect(fresh.players[1]!);
    again.send('join', channel, { strict: false });
    expect((await again.next('joined')).body.peers.map((p) => p.displayName)).toEqual(['Nina North']);
    expect((await old.next('disconnect')).body).toEqual({ reason: 'replaced' });
    expect(await closed).toBe(1000);

    // The room holds the newer socket: it gets what is sent to the user, and is still there for the others.
    north.send('send_offer', channel, { sdp: { type: 'offer', sdp: 'v=0' }, targetPeer: fresh.players[1]!.id });
    expect((await again.next('offer_sdp_recieved')).body.from).toBe(fresh.players[0]!.id);
    north.send('peerDetails', channel, {});
    expect((await north.next('peerDetails')).body.peers.map((p) => p.displayName)).toEqual(['Eric East']);
    expect(north.received.filter((m) => m.type === 'disconnected')).toEqual([]);

    // Without strict: false (the default is strict) a third socket is refused and changes nothing.
    const third = await connect(fresh.players[1]!);
    third.send('join', channel);
    expect((await third.next('alreadyJoined')).body.message).toBe(messages.videoAlreadyJoined);
    expect(again.received.filter((m) => m.type === 'disconnect')).toEqual([]);
  });

  it('announces a peer that stops answering the heartbeat', async () => {
    const event = await seatedEvent(server.t, { kibitzers: false });
    const channel = `${event.key}table0`;
    const watcher = await connect(event.organiser);
    expect((await watcher.join(channel)).body.peer.seat).toBe('Organiser');
    const silent = await connect(event.players[1]!, { autoPong: false });
    await silent.join(channel);
    expect((await watcher.next('disconnected')).body.peerId).toBe(event.players[1]!.id);
  });

  it.each([
    ['an outsider', 'outsider', 'table0', messages.videoNotInEvent],
    ['a kibitzer where the event allows none', 'kibitzer', 'table0', messages.videoKibitzersClosed],
    ['a table the event does not have', 'organiser', 'table3', messages.videoUnknownTable],
    ['a player-based channel on a table event', 'organiser', '', messages.videoUnknownTable],
  ] as const)('refuses %s with a clear error and changes nothing', async (_label, who, suffix, text) => {
    const client = await connect(event[who]);
    client.send('join', `${event.key}${suffix}`, { strict: true });
    expect((await client.next('error')).body.message).toBe(text);
    client.send('start', `${event.key}${suffix}`);
    expect((await client.next('error')).body.message).toBe(messages.videoNotJoined);
  });

  it('answers a message it cannot read with an error and keeps the socket', async () => {
    const event = await seatedEvent(server.t, { kibitzers: false });
    const client = await connect(event.players[2]!);
    client.socket.send('not json');
    expect((await client.next('error')).body.code).toBe('validation_failed');
    client.send('send_offer', `${event.key}table0`, { sdp: { type: 'offer' } }); // no target
    expect((await client.next('error')).body.code).toBe('validation_failed');
    expect((await client.join(`${event.key}table0`)).body.peer.seat).toBe('South');
  });

  it('drops messages past the burst allowance with an error, without closing the socket', async () => {
    const client = await connect(event.players[3]!);
    const channel = `${event.key}table2`;
    for (let i = 0; i < SIGNAL_BURST + 20; i++) client.send('peerDetails', channel, {});
    const limited = () => client.received.filter((m) => m.type === 'error' && m.body.code === 'rate_limited');
    await expect.poll(() => limited().length).toBeGreaterThan(0);
    expect(limited()[0]!.body).toMatchObject({ message: messages.tooManySignals });
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
  });

  it('lets kibitzers in where the event allows them, and uses the event key for player-based events', async () => {
    const open = await seatedEvent(server.t, { kibitzers: true, type: 5 });
    const kibitzer = await connect(open.kibitzer);
    kibitzer.send('join', `${open.key}table0`, { strict: true });
    expect((await kibitzer.next('error')).body.message).toBe(messages.videoUnknownTable);
    expect((await kibitzer.join(open.key)).body.peer.seat).toBe('Kibitzer');
  });
});

/** The signalling processes this test process started (Linux: read from /proc). */
function signallingProcesses(): number[] {
  return fs
    .readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => {
      try {
        const parent = Number(
          fs
            .readFileSync(`/proc/${entry}/stat`, 'utf8')
            .replace(/^.*\) /s, '')
            .split(' ')[1],
        );
        const command = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
        return parent === process.pid && command.includes('signalling-process') ? [Number(entry)] : [];
      } catch {
        return []; // it ended while being read
      }
    });
}

describe.runIf(process.platform === 'linux')('the signalling process', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  let event: Awaited<ReturnType<typeof seatedEvent>>;
  beforeAll(async () => {
    server = await startServer();
    event = await seatedEvent(server.t, { kibitzers: false });
  });
  let serverClosed = false;
  afterAll(async () => {
    if (!serverClosed) await server.t.close();
  });

  it('is started again when it dies; the sockets it held close abnormally, so their pages reconnect', async () => {
    const channel = `${event.key}table0`;
    const north = await Client.open(server.wsUrl, event.players[0]!.cookie);
    await north.join(channel);
    const [first] = signallingProcesses();
    expect(first).toBeDefined();
    process.kill(first!, 'SIGKILL');
    // At once, as a page reconnecting may: the server may not have noticed the death yet, and must not hand the
    // socket to the dead process. The next socket starts a new process, whose rooms start empty.
    const again = await Client.open(server.wsUrl, event.players[0]!.cookie);
    expect(await north.closed).toBe(1006);
    expect((await again.join(channel)).body.peers).toEqual([]);
    const east = await Client.open(server.wsUrl, event.players[1]!.cookie);
    expect((await east.join(channel)).body.peers.map((p) => p.seat)).toEqual(['North']);
    expect(signallingProcesses()).not.toContain(first);

    // A signal meant for the server's process group (Ctrl+C, a service manager) does not cut the calls short:
    // the server closes the process in order.
    const [second] = signallingProcesses();
    process.kill(second!, 'SIGTERM');
    process.kill(second!, 'SIGINT');
    east.send('peerDetails', channel, {});
    expect((await east.next('peerDetails')).body.peers.map((p) => p.seat)).toEqual(['North']);
    expect(signallingProcesses()).toEqual([second]);

    // An upgrade handed over is no longer a request in flight, so a shutdown does not wait for the calls.
    expect(await server.t.app.handlersDrained(2000)).toBe(true);
    again.close();
    east.close();
  });

  it('closes its sockets as going away (1001) when the server closes, and the close finishes', async () => {
    const event = await seatedEvent(server.t, { kibitzers: false });
    const channel = `${event.key}table0`;
    const [north, east] = await Promise.all([
      Client.open(server.wsUrl, event.players[0]!.cookie),
      Client.open(server.wsUrl, event.players[1]!.cookie),
    ]);
    await north.join(channel);
    await east.join(channel);
    const running = signallingProcesses();
    expect(running).toHaveLength(1);
    serverClosed = true;
    await server.t.close();
    expect(await north.closed).toBe(1001);
    expect(await east.closed).toBe(1001);
    expect(signallingProcesses()).toEqual([]);
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('signalling across two instances sharing Redis', () => {
  let first: Awaited<ReturnType<typeof startServer>>;
  let second: Awaited<ReturnType<typeof startServer>>;
  const clients: Client[] = [];
  beforeAll(async () => {
    first = await startServer({ redisUrl });
    second = await startServer({ redisUrl });
  });
  afterAll(async () => {
    clients.forEach((c) => c.close());
    await first?.t.close();
    await second?.t.close();
  });

  it('relays between players on different instances, refuses the same user twice across them, and lets a non-strict join take the place', async () => {
    // Each test instance has its own database, so the event and its people are copied to the second one; in
    // production both instances read the same database.
    const event = await seatedEvent(first.t, { kibitzers: false });
    await copyEvent(first.t, second.t, event.key);
    const channel = `${event.key}table0`;
    const north = await Client.open(first.wsUrl, event.players[0]!.cookie);
    const east = await Client.open(second.wsUrl, await login(second.t.app, event.players[1]!));
    clients.push(north, east);
    await north.join(channel);
    const joined = await east.join(channel);
    expect(joined.body.peers.map((p) => p.displayName)).toEqual(['Nina North']);
    east.send('start', channel);
    expect((await north.next('start_call')).body.peer.displayName).toBe('Eric East');
    north.send('send_offer', channel, { sdp: { type: 'offer', sdp: 'v=0' }, targetPeer: event.players[1]!.id });
    expect((await east.next('offer_sdp_recieved')).body.from).toBe(event.players[0]!.id);

    const twice = await Client.open(second.wsUrl, await login(second.t.app, event.players[0]!));
    clients.push(twice);
    twice.send('join', channel, { strict: true });
    expect((await twice.next('alreadyJoined')).type).toBe('alreadyJoined');

    // A non-strict join takes the place across instances: the older socket on the other instance is let go.
    const closed = new Promise<number>((resolve) => north.socket.once('close', (code) => resolve(code)));
    const replacing = await Client.open(second.wsUrl, await login(second.t.app, event.players[0]!));
    clients.push(replacing);
    replacing.send('join', channel, { strict: false });
    expect((await replacing.next('joined')).body.peers.map((p) => p.displayName)).toEqual(['Eric East']);
    expect((await north.next('disconnect')).body).toEqual({ reason: 'replaced' });
    expect(await closed).toBe(1000);
    east.send('send_offer', channel, { sdp: { type: 'offer', sdp: 'v=0' }, targetPeer: event.players[0]!.id });
    expect((await replacing.next('offer_sdp_recieved')).body.from).toBe(event.players[1]!.id);

    east.close();
    expect((await replacing.next('disconnected')).body.peerId).toBe(event.players[1]!.id);
  });
});

/** Copies an event's users, tournament and seats into another instance's database (tests run one per instance). */
async function copyEvent(from: TestApp, to: TestApp, key: string) {
  const tournament = await from.database.db.selectFrom('tournaments').selectAll().where('key', '=', key).executeTakeFirstOrThrow();
  const seats = await from.database.db.selectFrom('participants').selectAll().where('tournamentId', '=', tournament.id).execute();
  const userIds = [...new Set([tournament.organiserId, ...seats.map((s) => s.userId).filter((id): id is string => Boolean(id))])];
  const users = await from.database.db.selectFrom('users').selectAll().where('id', 'in', userIds).execute();
  await to.database.db.insertInto('users').values(users).execute();
  await to.database.db
    .insertInto('tournaments')
    .values({ ...tournament, movement: tournament.movement && JSON.stringify(tournament.movement) })
    .execute();
  await to.database.db.insertInto('participants').values(seats).execute();
}
