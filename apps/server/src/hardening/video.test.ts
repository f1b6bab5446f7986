import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { messages, VIDEO_SOCKETS_PER_USER, VideoCloseCode } from '@bridge/api';
import { buildApp } from '../app.ts';
import { buildUser, lastMailLink, login, tokenOf } from '../../test/factories.ts';
import { testConfig } from '../../test/build-test-app.ts';
import { Client, seatedEvent, startServer, video, type User } from '../../test/video.ts';

// Attacks on the video signalling: sockets that outlive their user's access, players listening in at other
// tables, sockets by the thousand, and a second spelling of a table's channel.

type Server = Awaited<ReturnType<typeof startServer>>;

async function makeUser(app: FastifyInstance, overrides: { role?: 'admin' | 'player'; names?: string } = {}): Promise<User> {
  const user = await buildUser(app, { names: overrides.names ?? 'Ada Admin', role: overrides.role ?? 'player' });
  return { ...user, cookie: await login(app, user) };
}

describe("video sockets when their user's access changes", () => {
  let server: Server;
  let event: Awaited<ReturnType<typeof seatedEvent>>;
  let admin: User;
  const open: Client[] = [];
  const connect = async (user: { cookie: string }) => {
    const client = await Client.open(server.wsUrl, user.cookie);
    open.push(client);
    return client;
  };
  const asAdmin = (method: 'PUT' | 'DELETE', url: string, payload?: object) =>
    server.t.app.inject({ method, url: `/api/admin/v1${url}`, headers: { cookie: admin.cookie }, payload });
  beforeAll(async () => {
    server = await startServer();
    event = await seatedEvent(server.t, { kibitzers: false });
    admin = await makeUser(server.t.app, { role: 'admin' });
  });
  afterAll(async () => {
    open.forEach((c) => c.close());
    await server.t.close();
  });

  it.each([
    ['disabled', (uid: string) => asAdmin('PUT', `/users/disable?key=${uid}`, { disabled: true })],
    ['deleted', (uid: string) => asAdmin('DELETE', `/users/delete?key=${uid}`)],
  ] as const)('a user %s by an admin loses their sockets at once: out of the room, no more relaying, no joining', async (_label, change) => {
    const fresh = await seatedEvent(server.t, { kibitzers: false });
    const channel = `${fresh.key}table0`;
    const [north, east] = await Promise.all([connect(fresh.players[0]!), connect(fresh.players[1]!)]);
    await north.join(channel);
    await east.join(channel);
    // A second socket of the same user that has not joined yet goes too.
    const idle = await connect(fresh.players[1]!);

    const response = await change(fresh.players[1]!.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(await east.closed).toBe(VideoCloseCode.accessChanged);
    expect(await idle.closed).toBe(VideoCloseCode.accessChanged);
    expect((await north.next('disconnected')).body.peerId).toBe(fresh.players[1]!.id);
    north.send('peerDetails', channel, {});
    expect((await north.next('peerDetails')).body.peers).toEqual([]);
    // Nor can the page come back.
    await expect(connect(fresh.players[1]!)).rejects.toThrow('HTTP 401');
  });

  it('a join on a socket opened before its user was disabled is refused, and the socket closed', async () => {
    // Changed behind the server's back, so nothing announces it: the join itself must read the user again.
    const player = event.players[2]!;
    const socket = await connect(player);
    await server.t.database.db.updateTable('users').set({ disabled: true }).where('id', '=', player.id).execute();
    socket.send('join', `${event.key}table0`, { strict: true });
    expect((await socket.next('error')).body).toEqual({ message: messages.notSignedIn, code: 'unauthorized' });
    expect(await socket.closed).toBe(VideoCloseCode.accessChanged);
  });

  it('an admin demoted to player is no longer Director: the socket closes, and neither it nor a new one joins as Director', async () => {
    const director = await makeUser(server.t.app, { role: 'admin', names: 'Dora Director' });
    const channel = `${event.key}table1`;
    const socket = await connect(director);
    expect((await socket.join(channel)).body.peer.seat).toBe('Director');
    const watcher = await connect(event.organiser);
    await watcher.join(channel);

    const demoted = await asAdmin('PUT', '/users/set-role', { uid: director.id, role: 'player' });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(await socket.closed).toBe(VideoCloseCode.accessChanged);
    expect((await watcher.next('disconnected')).body.peerId).toBe(director.id);
    const again = await connect(director);
    again.send('join', channel, { strict: true });
    expect((await again.next('error')).body.message).toBe(messages.videoNotInEvent);
  });

  it('a join reads the role as it is now, not as it was when the socket opened', async () => {
    const director = await makeUser(server.t.app, { role: 'admin', names: 'Dan Director' });
    const socket = await connect(director);
    await server.t.database.db.updateTable('users').set({ role: 'player' }).where('id', '=', director.id).execute();
    socket.send('join', `${event.key}table2`, { strict: true });
    expect((await socket.next('error')).body.message).toBe(messages.videoNotInEvent);
  });

  it('signing out, or a password change, closes the sockets of the sessions that ended and keeps the others', async () => {
    const player = await buildUser(server.t.app, { names: 'Sam Sessions' });
    const [first, second, third] = [await login(server.t.app, player), await login(server.t.app, player), await login(server.t.app, player)];
    const [a, b, c] = await Promise.all([connect({ cookie: first }), connect({ cookie: second }), connect({ cookie: third })]);

    expect((await server.t.app.inject({ method: 'POST', url: '/api/v1/user/logout', headers: { cookie: first } })).statusCode).toBe(200);
    expect(await a.closed).toBe(VideoCloseCode.accessChanged);

    const changed = await server.t.app.inject({
      method: 'POST',
      url: '/api/v1/user/update',
      headers: { cookie: second },
      payload: { type: 'password', value: 'a brand new password', currentPassword: player.password },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await c.closed).toBe(VideoCloseCode.accessChanged);
    // The session that made the change stays signed in, and so does its socket.
    b.send('join', `${event.key}table0`, { strict: true });
    expect((await b.next('error')).body.message).toBe(messages.videoNotInEvent);
  });

  it('a password reset by mail closes every socket of the account', async () => {
    const player = await makeUser(server.t.app, { names: 'Rita Reset' });
    const socket = await connect(player);
    await server.t.app.inject({ method: 'POST', url: '/api/v1/user/sendPasswordResetEmail', payload: { email: player.email } });
    const token = tokenOf(await lastMailLink(server.t.app, player.email));
    const reset = await server.t.app.inject({
      method: 'POST',
      url: '/api/v1/user/resetPassword',
      payload: { token, password: 'another good password' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await socket.closed).toBe(VideoCloseCode.accessChanged);
  });

  it("deleting one's own account closes its sockets", async () => {
    const player = await makeUser(server.t.app, { names: 'Dee Deleted' });
    const socket = await connect(player);
    const deleted = await server.t.app.inject({
      method: 'POST',
      url: '/api/v1/user/update',
      headers: { cookie: player.cookie },
      payload: { type: 'delete', value: '', currentPassword: player.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await socket.closed).toBe(VideoCloseCode.accessChanged);
  });
});

describe("who may join which table's room", () => {
  let server: Server;
  const open: Client[] = [];
  const connect = async (user: { cookie: string }) => {
    const client = await Client.open(server.wsUrl, user.cookie);
    open.push(client);
    return client;
  };
  const refusal = async (client: Client, channel: string) => {
    client.send('join', channel, { strict: true });
    return (await client.next('error')).body.message;
  };
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    open.forEach((c) => c.close());
    await server.t.close();
  });

  it('a player at table 1 is refused at table 3 (and 2) in round 1, kibitzers allowed or not', async () => {
    const event = await seatedEvent(server.t, { kibitzers: true });
    const north = await connect(event.players[0]!);
    expect(await refusal(north, `${event.key}table2`)).toBe(messages.videoNotAtTable);
    expect(await refusal(north, `${event.key}table1`)).toBe(messages.videoNotAtTable);
    expect((await north.join(`${event.key}table0`)).body.peer.seat).toBe('North');
    // The organiser, an admin and (here) a kibitzer may join any table.
    const admin = await makeUser(server.t.app, { role: 'admin' });
    for (const [who, seat] of [
      [event.organiser, 'Organiser'],
      [admin, 'Director'],
      [event.kibitzer, 'Kibitzer'],
    ] as const) {
      expect((await (await connect(who)).join(`${event.key}table2`)).body.peer.seat).toBe(seat);
    }
  });

  it('once round 1 is all in, the movement decides: the East-West pair of table 1 moves to table 2, North-South stays', async () => {
    const event = await seatedEvent(server.t, { kibitzers: false });
    // Mitchell, 3 tables, 2 boards a round: in round 1 table t is NS pair t against EW pair t on boards 2t-1, 2t.
    const post = (table: number, board: number) =>
      server.t.app.inject({
        method: 'POST',
        url: `/api/v1/tournaments/${event.key}/results`,
        headers: { cookie: event.organiser.cookie },
        payload: { round: 1, board, table, nsPair: table, ewPair: table, contract: { level: 0, strain: 'NT', doubled: 0 }, tricks: 0 },
      });
    for (const table of [1, 2, 3]) {
      for (const board of [2 * table - 1, 2 * table]) {
        // The last result of the round not yet in: round 1 is still played.
        if (table === 3 && board === 6) {
          expect(await refusal(await connect(event.players[1]!), `${event.key}table1`)).toBe(messages.videoNotAtTable);
        }
        const posted = await post(table, board);
        expect(posted.statusCode, posted.body).toBe(200);
      }
    }
    const [north, east, west] = await Promise.all([connect(event.players[0]!), connect(event.players[1]!), connect(event.players[3]!)]);
    expect(await refusal(east, `${event.key}table0`)).toBe(messages.videoNotAtTable);
    expect((await east.join(`${event.key}table1`)).body.peer.seat).toBe('East');
    expect((await west.join(`${event.key}table1`)).body.peer.seat).toBe('West');
    expect(await refusal(north, `${event.key}table1`)).toBe(messages.videoNotAtTable);
    expect((await north.join(`${event.key}table0`)).body.peer.seat).toBe('North');
  });

  it('refuses the alias {key}table00 instead of opening a second room for table 1', async () => {
    const event = await seatedEvent(server.t, { kibitzers: false });
    const north = await connect(event.players[0]!);
    await north.join(`${event.key}table0`);
    for (const alias of ['table00', 'table000', 'table01']) {
      const south = await connect(event.players[2]!);
      expect(await refusal(south, `${event.key}${alias}`)).toBe(messages.videoUnknownTable);
    }
    const organiser = await connect(event.organiser);
    expect(await refusal(organiser, `${event.key}table00`)).toBe(messages.videoUnknownTable);
  });
});

describe('video sockets per user', () => {
  let server: Server;
  const open: Client[] = [];
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    open.forEach((c) => c.close());
    await server.t.close();
  });

  it(`holds at most ${VIDEO_SOCKETS_PER_USER} open sockets per user: one more is refused at the upgrade, and a place freed is taken again`, async () => {
    const user = await makeUser(server.t.app, { names: 'Tabby Tabs' });
    const other = await makeUser(server.t.app, { names: 'Olly Other' });
    for (let i = 0; i < VIDEO_SOCKETS_PER_USER; i++) open.push(await Client.open(server.wsUrl, user.cookie));
    await expect(Client.open(server.wsUrl, user.cookie)).rejects.toThrow('HTTP 429');
    // The cap is the user's, whatever the session: another sign-in does not reset it; another user is not held back.
    await expect(Client.open(server.wsUrl, await login(server.t.app, user))).rejects.toThrow('HTTP 429');
    open.push(await Client.open(server.wsUrl, other.cookie));

    const first = open.shift()!;
    first.close();
    await first.closed;
    await expect
      .poll(async () => {
        try {
          open.push(await Client.open(server.wsUrl, user.cookie));
          return 'opened';
        } catch (error) {
          return (error as Error).message;
        }
      })
      .toBe('opened');
    await expect(Client.open(server.wsUrl, user.cookie)).rejects.toThrow('HTTP 429');
  });
});

const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('video sockets across two instances sharing Redis and a database', () => {
  let first: Server;
  let second: { app: FastifyInstance; wsUrl: string };
  const open: Client[] = [];
  beforeAll(async () => {
    first = await startServer({ redisUrl });
    // One database for both, as in production.
    const app = await buildApp({ config: testConfig({ video, redisUrl }), database: first.t.database, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    second = { app, wsUrl: `ws://127.0.0.1:${(app.server.address() as { port: number }).port}/ws/video` };
  });
  afterAll(async () => {
    open.forEach((c) => c.close());
    await second?.app.close();
    await first?.t.close();
  });

  it('a user disabled on one instance loses their socket on the other at once', async () => {
    const event = await seatedEvent(first.t, { kibitzers: false });
    const admin = await makeUser(first.t.app, { role: 'admin' });
    const channel = `${event.key}table0`;
    const north = await Client.open(first.wsUrl, event.players[0]!.cookie);
    const east = await Client.open(second.wsUrl, event.players[1]!.cookie);
    open.push(north, east);
    await north.join(channel);
    await east.join(channel);
    const disabled = await first.t.app.inject({
      method: 'PUT',
      url: `/api/admin/v1/users/disable?key=${event.players[1]!.id}`,
      headers: { cookie: admin.cookie },
      payload: { disabled: true },
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(await east.closed).toBe(VideoCloseCode.accessChanged);
    expect((await north.next('disconnected')).body.peerId).toBe(event.players[1]!.id);
  });

  it(`counts a user's sockets on every instance together: at most ${VIDEO_SOCKETS_PER_USER}`, async () => {
    const user = await makeUser(first.t.app, { names: 'Tabby Tabs' });
    const half = VIDEO_SOCKETS_PER_USER / 2;
    for (let i = 0; i < half; i++) open.push(await Client.open(first.wsUrl, user.cookie), await Client.open(second.wsUrl, user.cookie));
    await expect(Client.open(first.wsUrl, user.cookie)).rejects.toThrow('HTTP 429');
    await expect(Client.open(second.wsUrl, user.cookie)).rejects.toThrow('HTTP 429');
  });
});
