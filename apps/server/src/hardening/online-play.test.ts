import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { messages, PLAY_MAX_PAYLOAD, PLAY_SOCKETS_PER_USER, PlayCloseCode, type PlayTableState } from '@bridge/api';
import type { Db } from '../db/database.ts';
import { buildSeatedEvent, buildUser, clientOf, login } from '../../test/factories.ts';
import { legalCard, onlineEvent, PlayClient, startPlayServer } from '../../test/play.ts';

// Attacks on the online tables' socket: sockets by the dozen from one account, unverified accounts, a `sit` sent
// again and again, frames of megabytes and floods of messages; and a database that fails for a while under tables
// that robots play; an event deleted while its tables play.

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

  it(
    `closes with ${PlayCloseCode.tooManyMessages} a socket that sends steadily faster than its allowance, some messages taken in between; it is told to slow down once, not at each message dropped`,
    { timeout: 60_000 },
    async () => {
      const kibitzer = await connect(event.kibitzer.cookie);
      await kibitzer.sit(event.key);
      let sent = 0;
      for (let round = 0; round < 150 && kibitzer.socket.readyState === kibitzer.socket.OPEN; round++) {
        // Ten at a time, a tenth of a second apart: ten times the allowance, which lets one in now and then.
        for (let i = 0; i < 10; i++) kibitzer.send({ type: 'undo' });
        sent += 10;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(kibitzer.socket.readyState).not.toBe(kibitzer.socket.OPEN);
      expect(await kibitzer.closed).toBe(PlayCloseCode.tooManyMessages);
      const slowDown = kibitzer.frames.filter((frame) => frame.type === 'error' && frame.message === 'Too many messages: slow down');
      const answered = kibitzer.frames.filter((frame) => frame.type === 'error' && frame.message !== 'Too many messages: slow down');
      expect(answered.length).toBeGreaterThan(60);
      expect(slowDown.length).toBeGreaterThanOrEqual(1);
      // At least 60 were dropped before the close.
      expect(sent - answered.length).toBeGreaterThan(60);
      expect(slowDown.length).toBeLessThan(10);
    },
  );

  it('keeps a socket open that sends a burst beyond its allowance once, then slows down', async () => {
    const kibitzer = await connect(event.kibitzer.cookie);
    await kibitzer.sit(event.key);
    for (let i = 0; i < 80; i++) kibitzer.send({ type: 'undo' });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const { state } = await kibitzer.sit(event.key);
    expect(state.kibitzer).toBe(true);
    expect(kibitzer.socket.readyState).toBe(kibitzer.socket.OPEN);
    expect(kibitzer.frames.filter((frame) => frame.type === 'error' && frame.message === 'Too many messages: slow down').length).toBe(1);
  });
});

/**
 * The database out of service for the online tables: every read and write of their actions fails (the relation
 * is moved aside, and a view in its place raises on every read and write) until `end`. `hits` counts the queries refused, from
 * a sequence, which a refused query does not roll back.
 */
async function actionsOutOfService(db: Db) {
  await sql`create sequence outage_hits`.execute(db);
  await sql`alter table play_actions rename to play_actions_kept`.execute(db);
  await sql`create function outage_rows() returns setof play_actions_kept language plpgsql as $$
    begin
      perform nextval('outage_hits');
      raise exception 'the database is out of service';
    end $$`.execute(db);
  await sql`create function outage_write() returns trigger language plpgsql as $$
    begin
      perform nextval('outage_hits');
      raise exception 'the database is out of service';
    end $$`.execute(db);
  await sql`create view play_actions as select * from outage_rows()`.execute(db);
  await sql`create trigger outage_write instead of insert or update or delete on play_actions for each row execute function outage_write()`.execute(
    db,
  );
  return {
    hits: () => sequenceHits(db, 'outage_hits'),
    end: async () => {
      await sql`drop view play_actions`.execute(db);
      await sql`alter table play_actions_kept rename to play_actions`.execute(db);
    },
  };
}

/**
 * A real failure of the database for table 1's results: every insert of one is refused by a trigger until `end`;
 * `hits` counts the refusals.
 */
async function resultsRefused(db: Db) {
  await sql`create sequence results_refused`.execute(db);
  await sql`create function refuse_result() returns trigger language plpgsql as $$
    begin
      if new.table_no = 1 then
        perform nextval('results_refused');
        raise exception 'the database is out of service';
      end if;
      return new;
    end $$`.execute(db);
  await sql`create trigger refuse_result before insert on board_results for each row execute function refuse_result()`.execute(db);
  return {
    hits: () => sequenceHits(db, 'results_refused'),
    end: async () => {
      await sql`drop trigger refuse_result on board_results`.execute(db);
    },
  };
}

async function sequenceHits(db: Db, name: string) {
  const { rows } = await sql<{ hits: string }>`select case when is_called then last_value else 0 end as hits from ${sql.raw(name)}`.execute(db);
  return Number(rows[0]!.hits);
}

/** Starts an online event made with `start: false`, as its director does. */
async function startEvent(t: Server['t'], event: Awaited<ReturnType<typeof onlineEvent>>) {
  const started = await t.app.inject({
    method: 'POST',
    url: `/api/v1/direct/events/${event.key}/start`,
    headers: { cookie: event.organiser.cookie },
  });
  expect(started.statusCode, started.body).toBe(200);
}

/** How many actions table 1 of the event has stored. */
async function storedActions(t: Server['t'], key: string) {
  const rows = await t.database.db
    .selectFrom('playActions')
    .innerJoin('tournaments', 'tournaments.id', 'playActions.tournamentId')
    .select('playActions.seq')
    .where('tournaments.key', '=', key)
    .where('playActions.tableNo', '=', 1)
    .execute();
  return rows.length;
}

describe('robots when the database fails for a while', () => {
  // Robots a little slower than in the other tests, so a board is under way when the database goes.
  const play = { robotDelayMs: 20, leaseMs: 10_000 };

  it.each([
    ['robots alone', [] as const],
    ['people and robots', ['N'] as const],
  ])('%s: a robot whose move the database refused tries again, and the table goes on once the database is back', async (_label, humans) => {
    const { t, wsUrl } = await startPlayServer({ play });
    const event = await onlineEvent(t, { humans: [...humans] });
    const director = await PlayClient.open(wsUrl, event.organiser.cookie);
    await director.sit(event.key);
    let north: PlayClient | undefined;
    if (humans.length > 0) {
      north = await PlayClient.open(wsUrl, event.players.N!.cookie);
      await north.sit(event.key);
      north.send({ type: 'call', call: 'Pass' });
    }
    await director.until((state) => state.auction.length >= 2);
    const outage = await actionsOutOfService(t.database.db);
    // Refused, and tried again while it lasts.
    await expect.poll(() => outage.hits(), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    const during = await outage.hits();
    await expect.poll(() => outage.hits(), { timeout: 20_000 }).toBeGreaterThan(during + 2);
    const stood = director.latest()!;
    await outage.end();
    // The robots' turn (North's Pass is the only call a person makes): the table goes on by itself.
    await director.until((state) => state.board !== stood.board || state.auction.length > stood.auction.length || playedOf(state) > playedOf(stood));
  });

  it('opens the tables the database kept from opening once it is back, and their robots play', async () => {
    const { t } = await startPlayServer({ play });
    const event = await onlineEvent(t, { humans: [], start: false });
    const outage = await actionsOutOfService(t.database.db);
    await startEvent(t, event);
    await expect.poll(() => outage.hits(), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    await outage.end();
    // Nobody sits at the table: it opens by itself.
    await expect.poll(() => storedActions(t, event.key), { timeout: 20_000 }).toBeGreaterThan(0);
  });

  it('a board whose result the database refused is posted once it is back, and the next board is dealt', async () => {
    const { t, wsUrl } = await startPlayServer();
    const event = await onlineEvent(t, { humans: [], start: false });
    const refused = await resultsRefused(t.database.db);
    await startEvent(t, event);
    // The first board's last card is stored; its result is refused (robots play the board through in a moment).
    await expect.poll(() => refused.hits(), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    const results = () =>
      t.database.db
        .selectFrom('boardResults')
        .innerJoin('tournaments', 'tournaments.id', 'boardResults.tournamentId')
        .select('boardResults.boardNo')
        .where('tournaments.key', '=', event.key)
        .where('boardResults.tableNo', '=', 1)
        .execute();
    expect(await results()).toEqual([]);
    const director = await PlayClient.open(wsUrl, event.organiser.cookie);
    const before = (await director.sit(event.key)).state;
    await refused.end();
    await director.until((state) => state.board !== before.board);
    expect((await results()).length).toBeGreaterThanOrEqual(1);
  });
});

/**
 * The database refuses every read of the online tables' actions until `end`, and still stores what they write (the
 * relation is moved aside; a view in its place raises on a read and passes a write on). `hits` counts the reads refused.
 */
async function actionReadsRefused(db: Db) {
  await sql`create sequence read_refusals`.execute(db);
  await sql`alter table play_actions rename to play_actions_kept`.execute(db);
  await sql`create function refused_rows() returns setof play_actions_kept language plpgsql as $$
    begin
      perform nextval('read_refusals');
      raise exception 'the database is out of service';
    end $$`.execute(db);
  await sql`create function passed_write() returns trigger language plpgsql as $$
    begin
      insert into play_actions_kept (tournament_id, round, table_no, board_no, seq, actor, action)
        values (new.tournament_id, new.round, new.table_no, new.board_no, new.seq, new.actor, new.action);
      return new;
    end $$`.execute(db);
  await sql`create view play_actions as select * from refused_rows()`.execute(db);
  await sql`create trigger passed_write instead of insert on play_actions for each row execute function passed_write()`.execute(db);
  return {
    hits: () => sequenceHits(db, 'read_refusals'),
    end: async () => {
      await sql`drop view play_actions`.execute(db);
      await sql`alter table play_actions_kept rename to play_actions`.execute(db);
    },
  };
}

describe('a board dealt while the database fails', () => {
  it("keeps a board's result under its own number: the next board is dealt once the database is back, and played", { timeout: 60_000 }, async () => {
    const { t, wsUrl } = await startPlayServer();
    const event = await onlineEvent(t);
    const sockets = {} as Record<'N' | 'E' | 'S' | 'W', PlayClient>;
    for (const seat of ['N', 'E', 'S', 'W'] as const) {
      sockets[seat] = await PlayClient.open(wsUrl, event.players[seat]!.cookie);
      await sockets[seat].sit(event.key);
    }
    const all = (test: (state: PlayTableState) => boolean) => Promise.all(Object.values(sockets).map((socket) => socket.until(test)));
    const first = sockets.N.latest()!.board;
    const results = async () =>
      (
        await t.database.db
          .selectFrom('boardResults')
          .innerJoin('tournaments', 'tournaments.id', 'boardResults.tournamentId')
          .select(['boardResults.boardNo', 'boardResults.level', 'boardResults.declarer', 'boardResults.tricks'])
          .where('tournaments.key', '=', event.key)
          .where('boardResults.tableNo', '=', 1)
          .orderBy('boardResults.boardNo')
          .execute()
      ).map((row) => ({ board: row.boardNo, level: row.level, declarer: row.declarer, tricks: row.tricks }));
    // The first board is passed out; its last pass is stored and its result posted, and the read of the next
    // board's actions fails.
    for (const [index, seat] of (['N', 'E', 'S'] as const).entries()) {
      sockets[seat].send({ type: 'call', call: 'Pass' });
      await all((s) => s.auction.length === index + 1);
    }
    const outage = await actionReadsRefused(t.database.db);
    sockets.W.send({ type: 'call', call: 'Pass' });
    await all((s) => s.result !== null);
    await expect.poll(() => outage.hits(), { timeout: 20_000 }).toBeGreaterThanOrEqual(1);
    // The maintenance timer comes by while the database still fails (it reads again, or posts something).
    await expect.poll(async () => (await outage.hits()) >= 2 || (await results()).length > 1, { timeout: 20_000 }).toBe(true);
    // Nothing is posted for the board not dealt.
    expect(await results()).toEqual([{ board: first, level: 0, declarer: null, tricks: null }]);
    await outage.end();
    // Once the database is back, the next board is dealt (and nothing is posted for it before it is played).
    await expect.poll(async () => sockets.N.latest()!.board !== first || (await results()).length > 1, { timeout: 20_000 }).toBe(true);
    expect(await results()).toEqual([{ board: first, level: 0, declarer: null, tricks: null }]);
    // The next board is played: 1NT by North, the lead, seven tricks claimed and accepted.
    const second = (await all((s) => s.board !== first && s.result === null))[0]!.board;
    expect(sockets.N.latest()!.dealer).toBe('E');
    for (const [index, seat] of (['E', 'S', 'W', 'N', 'E', 'S', 'W'] as const).entries()) {
      sockets[seat].send({ type: 'call', call: seat === 'N' ? '1NT' : 'Pass' });
      await all((s) => s.board === second && s.auction.length === index + 1);
    }
    sockets.E.send({ type: 'play', card: legalCard(sockets.E.latest()!) });
    await all((s) => s.trick.length === 1);
    sockets.N.send({ type: 'claim', tricks: 7 });
    await all((s) => s.claim !== null);
    sockets.E.send({ type: 'claimResponse', accept: true });
    await all((s) => s.claim?.awaiting.length === 1);
    sockets.W.send({ type: 'claimResponse', accept: true });
    await all((s) => s.board === second && s.result !== null);
    await expect
      .poll(() => results(), { timeout: 20_000 })
      .toEqual([
        { board: first, level: 0, declarer: null, tricks: null },
        { board: second, level: 1, declarer: 'N', tricks: 7 },
      ]);
    Object.values(sockets).forEach((socket) => socket.close());
  });
});

const playedOf = (state: { tricks: { ns: number; ew: number }; trick: unknown[] }) => 4 * (state.tricks.ns + state.tricks.ew) + state.trick.length;

/** Reads a Server-Sent Events stream on a listening app as text as it comes; `ended` when the server ends it. */
function listen(url: string, cookie: string) {
  let text = '';
  const waiters: { part: string; wake: () => void }[] = [];
  let status: number | undefined;
  const ended = new Promise<void>((resolve, reject) => {
    http
      .get(url, { headers: { cookie } }, (response) => {
        status = response.statusCode;
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          text += chunk;
          for (const waiter of [...waiters]) if (text.includes(waiter.part)) waiter.wake();
        });
        response.on('end', resolve);
      })
      .on('error', reject);
  });
  return {
    ended,
    status: () => status,
    text: () => text,
    until: (part: string) => (text.includes(part) ? Promise.resolve() : new Promise<void>((wake) => waiters.push({ part, wake }))),
  };
}

describe('a player whose account is deleted in play', () => {
  it("gives the seat to a robot at once at the table of another organiser's event, and play goes on", async () => {
    const { t, wsUrl } = await startPlayServer();
    const event = await onlineEvent(t, { humans: ['N'] });
    const director = await PlayClient.open(wsUrl, event.organiser.cookie);
    const north = await PlayClient.open(wsUrl, event.players.N!.cookie);
    const first = (await north.sit(event.key)).state;
    // North deals and the table waits for North's call.
    expect(first).toMatchObject({ dealer: 'N', turn: 'N', auction: [] });
    const seen = (await director.sit(event.key)).state;
    expect(seen.players.N).toMatchObject({ name: 'Nina North', robot: false });
    const deleted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/user/update',
      headers: { cookie: event.players.N!.cookie },
      payload: { type: 'delete', value: '', currentPassword: event.players.N!.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const robot = await director.until((state) => state.players.N.robot);
    expect(robot.players.N.robot).toBe(true);
    await director.until((state) => state.board !== first.board || state.auction.length > 0);
    north.close();
    director.close();
  });
});

describe('an event deleted in play', () => {
  const deleteEvent = (t: Server['t'], admin: string, key: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/admin/v1/tournaments/complete/delete?key=${key}`, headers: { cookie: admin } });
  const deletions = [
    [
      'an admin deletes the events',
      async (t: Server['t'], admin: string, event: Awaited<ReturnType<typeof onlineEvent>>, clubKey: string) => {
        expect((await deleteEvent(t, admin, clubKey)).statusCode).toBe(200);
        return deleteEvent(t, admin, event.key);
      },
    ],
    [
      "an admin deletes their organiser's account",
      (t: Server['t'], admin: string, event: Awaited<ReturnType<typeof onlineEvent>>, _clubKey: string) =>
        t.app.inject({ method: 'DELETE', url: `/api/admin/v1/users/delete?key=${event.organiser.id}`, headers: { cookie: admin } }),
    ],
    [
      'their organiser deletes their own account',
      (t: Server['t'], _admin: string, event: Awaited<ReturnType<typeof onlineEvent>>, _clubKey: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/user/update',
          headers: { cookie: event.organiser.cookie },
          payload: { type: 'delete', value: '', currentPassword: event.organiser.password },
        }),
    ],
  ] as const;

  // An online event's tables are played at the socket, a club event's on phones (an online event has no table codes):
  // one organiser runs one of each, and both are deleted.
  it.each(deletions)('%s: the online tables are told and closed, the phones and live views told and ended', async (_label, remove) => {
    const { t, wsUrl } = await startPlayServer();
    const admin = await buildUser(t.app, { names: 'Ada Admin', role: 'admin' });
    const adminCookie = await login(t.app, admin, '/api/admin/v1/user/login');
    const event = await onlineEvent(t);
    const sockets = await Promise.all(
      (['N', 'E', 'S', 'W'] as const).map(async (seat) => {
        const socket = await PlayClient.open(wsUrl, event.players[seat]!.cookie);
        await socket.sit(event.key);
        return socket;
      }),
    );
    const kibitzer = await PlayClient.open(wsUrl, event.kibitzer.cookie);
    await kibitzer.sit(event.key);
    // Another event's table hears nothing of it.
    const other = await onlineEvent(t);
    const bystander = await PlayClient.open(wsUrl, other.players.N!.cookie);
    await bystander.sit(other.key);

    const { port } = t.app.server.address() as AddressInfo;
    const organiser = clientOf(t.app, event.organiser, event.organiser.cookie);
    const club = await buildSeatedEvent(t.app, { organiser, tables: 3, gameDetails: { liveTableEvent: false } });
    const codes = await organiser.get(`/api/v1/tournaments/${club.key}/tables`);
    expect(codes.statusCode, codes.body).toBe(200);
    const code = (codes.json().result as { table: number; code: string }[]).find((c) => c.table === 2)!.code;
    expect((await organiser.post(`/api/v1/direct/events/${club.key}/start`)).statusCode).toBe(200);
    const opened = await t.app.inject({ method: 'POST', url: `/api/v1/tables/${club.key}/2/open`, payload: { code } });
    expect(opened.statusCode, opened.body).toBe(200);
    const phone = listen(
      `http://127.0.0.1:${port}/api/v1/tables/${club.key}/2/stream`,
      `bridge_table=${opened.cookies.find((c) => c.name === 'bridge_table')!.value}`,
    );
    const liveView = listen(`http://127.0.0.1:${port}/api/v1/direct/events/${event.key}/stream`, event.organiser.cookie);
    const clubView = listen(`http://127.0.0.1:${port}/api/v1/direct/events/${club.key}/stream`, event.organiser.cookie);
    const otherView = listen(`http://127.0.0.1:${port}/api/v1/direct/events/${other.key}/stream`, other.organiser.cookie);
    await Promise.all([phone.until(': open'), liveView.until(': open'), clubView.until(': open'), otherView.until(': open')]);

    const response = await remove(t, adminCookie, event, club.key);
    expect(response.statusCode, response.body).toBe(200);

    for (const socket of [...sockets, kibitzer]) {
      expect(await socket.closed).toBe(PlayCloseCode.eventDeleted);
      expect(socket.frames.at(-1)).toEqual({ type: 'error', message: messages.eventGone });
    }
    await Promise.all([phone.ended, liveView.ended, clubView.ended]);
    expect(phone.text()).toContain('event: deleted');
    expect(liveView.text()).toContain('event: deleted');
    expect(clubView.text()).toContain('event: deleted');
    expect(otherView.text()).not.toContain('event: deleted');
    // Nothing of it plays on: a socket asking for it is told it is unknown, without "Something went wrong".
    const again = await PlayClient.open(wsUrl, event.kibitzer.cookie);
    again.send({ type: 'sit', key: event.key, table: 1 });
    expect(await again.next()).toEqual({ type: 'error', message: messages.videoUnknownTable });
    expect(bystander.socket.readyState).toBe(bystander.socket.OPEN);
    bystander.send({ type: 'call', call: 'Pass' });
    expect((await bystander.next()).type).toBe('table');
  });
});
