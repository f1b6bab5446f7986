import { describe, expect, it } from 'vitest';
import type { LiveView } from '@bridge/api';
import { loadConfig } from '../config.ts';
import { buildTestApp, testConfig } from '../../test/build-test-app.ts';
import { buildClient, buildCompletedEvent, buildUser, type Client, type TestUser } from '../../test/factories.ts';

// The director's player search and the seats it leads to (decision 058): it finds only accounts that played in the
// organiser's earlier events or chose to be found, an address is never a key nor an answer, the limit counts each
// director, and an account seated by pick is mailed its result only with that same consent.

const t = await buildTestApp();
const db = t.database.db;
const D = '/api/v1/direct';

const search = async (who: Client, q: string) => {
  const response = await who.get(`${D}/players?q=${encodeURIComponent(q)}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result as { userId: string; name: string; bfiId: string | null }[];
};

/** A new 3-table Mitchell for 6 pairs of the director's, its key. */
async function newSession(director: Client) {
  const id = (await director.get(`${D}/proposals?pairs=6`)).json().result.find((p: { name: string }) => p.name === 'Mitchell').id;
  const response = await director.post(`${D}/events`, {
    name: 'Club Night',
    startsAt: '2026-12-01T19:30:00+00:00',
    pairs: 6,
    movement: { kind: 'proposal', id },
    scoring: 'matchpoints',
    deals: 'random',
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.key as string;
}

const guests = (n: number) => [{ name: `Guest ${n}a` }, { name: `Guest ${n}b` }];
/** NS1 and EW1 are the four accounts given (or guests where null), the other pairs guests. */
const entriesOf = (accounts: (TestUser | null)[]) => {
  const player = (i: number) => (accounts[i] ? { userId: accounts[i].id } : { name: `Guest 1${i}` });
  return [
    { pair: 'NS1', players: [player(0), player(1)] },
    { pair: 'EW1', players: [player(2), player(3)] },
    ...['NS2', 'EW2', 'NS3', 'EW3'].map((pair, i) => ({ pair, players: guests(i + 2) })),
  ];
};

describe('whom the search finds', () => {
  it('finds an account that chose to be found or played in the organiser’s earlier events, and no one else', async () => {
    const director = await buildClient(t.app, { names: 'Dora Director' });
    const stranger = await buildUser(t.app, { names: 'Xanthe Stranger', bfiId: 'BFI-55501' });
    const findable = await buildUser(t.app, { names: 'Xanthe Findable', bfiId: 'BFI-55502', findable: true });
    const regular = await buildUser(t.app, { names: 'Xanthe Regular', bfiId: 'BFI-55503' });
    const elsewhere = await buildUser(t.app, { names: 'Xanthe Elsewhere', bfiId: 'BFI-55504' });
    // The regular played in one of the director's events, now complete; the other played for another organiser only.
    await buildCompletedEvent(t.app, { organiser: director, players: [regular, await buildUser(t.app)] });
    await buildCompletedEvent(t.app, { players: [elsewhere, await buildUser(t.app)] });

    expect((await search(director, 'xanthe')).map((p) => p.name)).toEqual(['Xanthe Findable', 'Xanthe Regular']);
    expect((await search(director, '5550')).map((p) => p.userId)).toEqual([findable.id, regular.id]);
    for (const hidden of [stranger, elsewhere]) {
      expect(await search(director, hidden.names)).toEqual([]);
      expect(await search(director, hidden.bfiId!)).toEqual([]);
    }
    // Another director knows only the findable one.
    const other = await buildClient(t.app);
    expect((await search(other, 'xanthe')).map((p) => p.userId)).toEqual([findable.id]);
  });

  it('answers an exact email address exactly as a near miss, for every kind of account, and never with an address', async () => {
    const director = await buildClient(t.app);
    const stranger = await buildUser(t.app, { names: 'Yorick Stranger' });
    const findable = await buildUser(t.app, { names: 'Yorick Findable', findable: true });
    const regular = await buildUser(t.app, { names: 'Yorick Regular' });
    await buildCompletedEvent(t.app, { organiser: director, players: [regular, await buildUser(t.app)] });
    for (const account of [stranger, findable, regular]) {
      const exact = await director.get(`${D}/players?q=${encodeURIComponent(account.email)}`);
      const upper = await director.get(`${D}/players?q=${encodeURIComponent(account.email.toUpperCase())}`);
      const nearMiss = await director.get(`${D}/players?q=${encodeURIComponent(`x${account.email}`)}`);
      const prefix = await director.get(`${D}/players?q=${encodeURIComponent(account.email.slice(0, 12))}`);
      for (const response of [exact, upper, nearMiss, prefix]) {
        expect(response.statusCode).toBe(200);
        expect(response.body).toBe(nearMiss.body);
        expect(response.body).not.toContain(account.email);
      }
    }
    // Found by name, the answer carries no address either.
    const byName = await director.get(`${D}/players?q=yorick`);
    expect(byName.json().result.length).toBe(2);
    expect(byName.body).not.toMatch(/@/);
  });

  it('seats by pick only the accounts the search would find, refusing the others as it refuses an unknown account', async () => {
    const director = await buildClient(t.app);
    const stranger = await buildUser(t.app, { names: 'Zelda Stranger' });
    const findable = await buildUser(t.app, { names: 'Zelda Findable', findable: true });
    const key = await newSession(director);
    const unknown = await director.put(`${D}/events/${key}/entries`, {
      pairs: entriesOf([{ ...stranger, id: crypto.randomUUID() }, null, null, null]),
    });
    const refused = await director.put(`${D}/events/${key}/entries`, { pairs: entriesOf([stranger, null, null, null]) });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toBe(unknown.body);
    expect(
      await db.selectFrom('participants').innerJoin('tournaments', 'tournaments.id', 'participants.tournamentId').where('key', '=', key).execute(),
    ).toEqual([]);
    const seated = await director.put(`${D}/events/${key}/entries`, { pairs: entriesOf([findable, null, null, null]) });
    expect(seated.statusCode, seated.body).toBe(200);
    // The seat keeps no address: the organiser's own view of the event cannot read it.
    const seat = await db
      .selectFrom('participants')
      .innerJoin('tournaments', 'tournaments.id', 'participants.tournamentId')
      .select(['participants.email', 'participants.userId'])
      .where('key', '=', key)
      .where('participants.userId', '=', findable.id)
      .executeTakeFirstOrThrow();
    expect(seat.email).toBeNull();
    const own = await director.get(`/api/v1/tournaments/mine/${key}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.body).toContain('Zelda Findable');
    expect(own.body).not.toContain(findable.email);
  });
});

describe('the limit of the search', () => {
  it('counts each director, not their address: two directors at one club do not share it', async () => {
    const limited = await buildTestApp({ rateLimits: { ...testConfig().rateLimits, playerSearch: 3 } });
    const first = await buildClient(limited.app);
    const second = await buildClient(limited.app);
    // Both come from the same address (the club's connection).
    for (let i = 0; i < 3; i++) expect((await first.get(`${D}/players?q=ann${i}`)).statusCode).toBe(200);
    expect((await first.get(`${D}/players?q=ann`)).statusCode).toBe(429);
    expect((await second.get(`${D}/players?q=ann`)).statusCode).toBe(200);
    // Another address does not reset the first director's count.
    const elsewhere = await limited.app.inject({
      method: 'GET',
      url: `${D}/players?q=ann`,
      headers: { cookie: first.cookie! },
      remoteAddress: '10.7.7.7',
    });
    expect(elsewhere.statusCode).toBe(429);
  });

  it('lets one director find a 14-pair field within the limit the server runs with', async () => {
    const running = loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://bridge.test', LOG_LEVEL: 'silent' }).rateLimits;
    const limited = await buildTestApp({ rateLimits: { ...testConfig().rateLimits, seating: running.seating, playerSearch: running.playerSearch } });
    const director = await buildClient(limited.app);
    // 28 players, three lookups each as the name is typed.
    for (let player = 0; player < 28; player++) {
      for (const typed of ['Pl', 'Play', `Player ${player}`])
        expect((await director.get(`${D}/players?q=${encodeURIComponent(typed)}`)).statusCode).toBe(200);
    }
  });
});

describe('the mail at completion', () => {
  it('goes to an account seated by pick only when it chose to be found or played in the organiser’s earlier events', async () => {
    const director = await buildClient(t.app);
    const findable = await buildUser(t.app, { names: 'Wanda Findable', findable: true });
    const regular = await buildUser(t.app, { names: 'Walt Regular' });
    const withdrawn = await buildUser(t.app, { names: 'Wes Withdrawn', findable: true });
    const partner = await buildUser(t.app, { names: 'Wim Partner', findable: true });
    await buildCompletedEvent(t.app, { organiser: director, players: [regular, await buildUser(t.app)] });
    const key = await newSession(director);
    const entered = await director.put(`${D}/events/${key}/entries`, { pairs: entriesOf([findable, regular, withdrawn, partner]) });
    expect(entered.statusCode, entered.body).toBe(200);
    // Seated while findable, then no longer: the consent is read at completion.
    await db.updateTable('users').set({ findable: false }).where('id', '=', withdrawn.id).execute();
    expect((await director.post(`${D}/events/${key}/start`)).statusCode).toBe(200);
    const view: LiveView = (await director.get(`${D}/events/${key}`)).json().result;
    const board = view.grid.find((c) => c.round === 1 && c.table === 1)!.boards[0]!.board;
    for (const cell of view.grid.filter((c) => c.boards.some((b) => b.board === board))) {
      const result = {
        round: cell.round,
        table: cell.table,
        board,
        nsPair: cell.nsPair,
        ewPair: cell.ewPair,
        declarer: 'N',
        contract: { level: 4, strain: 'S', doubled: 0 },
        tricks: 10,
      };
      expect((await director.post(`/api/v1/tournaments/${key}/results`, result)).statusCode).toBe(200);
    }
    const before = new Set((await db.selectFrom('outbox').select('id').execute()).map((m) => String(m.id)));
    expect((await director.post(`/api/v1/tournaments/${key}/complete`)).statusCode).toBe(200);
    const mailed = (await db.selectFrom('outbox').selectAll().execute()).filter((m) => !before.has(String(m.id))).map((m) => m.toAddress);
    expect(mailed.sort()).toEqual([findable.email, regular.email, partner.email].sort());
  });
});

describe('the choice to be found', () => {
  it('is off for a new account; the player turns it on and off on the profile, and a bad value changes nothing', async () => {
    const director = await buildClient(t.app);
    const player = await buildClient(t.app, { names: 'Vera Visible' });
    expect((await player.get('/api/v1/user')).json().result).toMatchObject({ findable: false });
    expect(await search(director, 'vera visible')).toEqual([]);

    const on = await player.post('/api/v1/user/update', { type: 'findable', value: 'true' });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().result).toMatchObject({ message: 'Profile updated successfully', user: { findable: true } });
    expect((await search(director, 'vera visible')).map((p) => p.userId)).toEqual([player.user!.id]);

    for (const value of ['yes', '', 'TRUE ', '1']) {
      const refused = await player.post('/api/v1/user/update', { type: 'findable', value });
      expect(refused.statusCode, value).toBe(400);
    }
    expect((await player.get('/api/v1/user')).json().result).toMatchObject({ findable: true });

    expect((await player.post('/api/v1/user/update', { type: 'findable', value: 'false' })).json().result.user).toMatchObject({ findable: false });
    expect(await search(director, 'vera visible')).toEqual([]);
  });
});
