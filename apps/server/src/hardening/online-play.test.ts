import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { messages, PLAY_MAX_PAYLOAD, PLAY_SOCKETS_PER_USER, PlayCloseCode } from '@bridge/api';
import { buildUser, login } from '../../test/factories.ts';
import { onlineEvent, PlayClient, startPlayServer } from '../../test/play.ts';

// Attacks on the online tables' socket: sockets by the dozen from one account, unverified accounts, a `sit` sent
// again and again, frames of megabytes and floods of messages.

type Server = Awaited<ReturnType<typeof startPlayServer>>;

describe('the table socket under load from one account', () => {
  let server: Server;
  let event: Awaited<ReturnType<typeof onlineEvent>>;
  const open: PlayClient[] = [];
  const connect = async (cookie: string) => {
    const client = await PlayClient.open(server.wsUrl, cookie);
    open.push(client);
    return client;
  };
  beforeAll(async () => {
    server = await startPlayServer();
    event = await onlineEvent(server.t, { humans: ['N'] });
  });
  afterAll(async () => {
    open.forEach((c) => c.close());
    await server.t.close();
  });

  it(`holds at most ${PLAY_SOCKETS_PER_USER} open sockets per user: one more is refused at the upgrade, and a place freed is taken again`, async () => {
    const north = event.players.N!;
    for (let i = 0; i < PLAY_SOCKETS_PER_USER; i++) await connect(north.cookie);
    await expect(PlayClient.open(server.wsUrl, north.cookie)).rejects.toThrow('HTTP 429');
    // The user's cap, whatever the session; another user is not held back.
    await expect(PlayClient.open(server.wsUrl, await login(server.t.app, north))).rejects.toThrow('HTTP 429');
    await connect(event.kibitzer.cookie);

    const first = open.shift()!;
    first.close();
    await first.closed;
    await expect
      .poll(async () => {
        try {
          await connect(north.cookie);
          return 'opened';
        } catch (error) {
          return (error as Error).message;
        }
      })
      .toBe('opened');
    await expect(PlayClient.open(server.wsUrl, north.cookie)).rejects.toThrow('HTTP 429');
    for (const client of open.splice(0)) {
      client.close();
      await client.closed;
    }
  });

  it('refuses the socket of an account whose email is not verified', async () => {
    const unverified = await buildUser(server.t.app, { names: 'Una Unverified', emailVerified: false });
    const cookie = await login(server.t.app, unverified);
    const refused = await server.t.app.inject({ method: 'GET', url: '/ws/play', headers: { cookie } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe(messages.playVerifyFirst);
    await expect(PlayClient.open(server.wsUrl, cookie)).rejects.toThrow('HTTP 403');
  });

  it('answers a sit at the table the socket already sits at from what it holds, without reading the event again', async () => {
    const north = await connect(event.players.N!.cookie);
    const first = (await north.sit(event.key)).state;
    // Every read of the database waits behind this transaction's lock until the end of the test.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    const holding = server.t.database.db.transaction().execute(async (trx) => {
      await sql`lock table participants in access exclusive mode`.execute(trx);
      locked();
      await held;
    });
    try {
      await lockTaken;
      const again = (await north.sit(event.key)).state;
      expect(again).toEqual({ ...first, clock: again.clock });
    } finally {
      release();
      await holding;
    }
    // Another table is still asked of the database, and refused as before.
    north.send({ type: 'sit', key: event.key, table: 2 });
    expect(await north.next()).toMatchObject({ type: 'moved', table: 1 });
  });

  it(`closes a socket that sends a frame larger than ${PLAY_MAX_PAYLOAD} bytes with 1009, unread`, async () => {
    const north = await connect(event.players.N!.cookie);
    await north.sit(event.key);
    north.send({ type: 'call', call: 'Pass', explanation: 'x'.repeat(PLAY_MAX_PAYLOAD) });
    expect(await north.closed).toBe(1009);
    const actions = await server.t.database.db.selectFrom('playActions').selectAll().where('tableNo', '=', 1).where('actor', '=', 'N').execute();
    expect(actions).toEqual([]);
  });

  it('takes the longest message the protocol allows', async () => {
    const north = await connect(event.players.N!.cookie);
    await north.sit(event.key);
    // 300 characters, each written as an escape: the longest statement a client may send.
    const longest = `{"type":"claim","tricks":13,"statement":"${'\\u00e9'.repeat(300)}"}`;
    expect(longest.length).toBeLessThan(PLAY_MAX_PAYLOAD);
    north.socket.send(longest);
    expect((await north.nextOf('error')).message).not.toMatch(/JSON|understood/);
    expect(north.socket.readyState).toBe(north.socket.OPEN);
  });

  it(`closes a socket that floods the table far beyond its allowance with ${PlayCloseCode.tooManyMessages}`, async () => {
    const kibitzer = await connect(event.kibitzer.cookie);
    await kibitzer.sit(event.key);
    for (let i = 0; i < 1000 && kibitzer.socket.readyState === kibitzer.socket.OPEN; i++) kibitzer.send({ type: 'undo' });
    expect(await kibitzer.closed).toBe(PlayCloseCode.tooManyMessages);
    expect(kibitzer.frames).toContainEqual({ type: 'error', message: 'Too many messages: slow down' });
  });
});
