import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mitchell } from '@bridge/engine';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildClient, buildCompletedEvent, buildSeatedEvent, type Client } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => (t = await buildTestApp()));
afterAll(async () => t.close());

type Person = Client;
const person = (names: string, overrides: Parameters<typeof buildClient>[1] = {}): Promise<Person> => buildClient(t.app, { names, ...overrides });
const get = (url: string, who?: Person) => t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });

/** A completed 3-table Mitchell of `organiser`, with `players` seated at table 1 and one result posted. */
async function completedEvent(organiser: Person, players: Person[], typeName: string) {
  const row = mitchell(3, 'skip').rows.find((r) => r.round === 1 && r.table === 1)!;
  const { key } = await buildCompletedEvent(t.app, {
    organiser,
    boardsPerRound: 1,
    gameDetails: { typeName, liveTableEvent: false },
    seats: players.map((p, side) => ({ user: p.user!, table: 1, side })),
    results: [
      { round: 1, board: 1, table: 1, nsPair: row.ns, ewPair: row.ew, declarer: 'N', contract: { level: 3, strain: 'NT', doubled: 0 }, tricks: 9 },
    ],
  });
  return key;
}

describe("a user's own events (/api/v1/tournaments/mine)", () => {
  let organiser: Person;
  let otherOrganiser: Person;
  let player: Person;
  let outsider: Person;
  let played: string;
  let notPlayed: string;
  beforeAll(async () => {
    organiser = await person('Olga Organiser');
    otherOrganiser = await person('Oscar Other');
    player = await person('Pia Player');
    outsider = await person('Otto Outsider');
    played = await completedEvent(organiser, [player], 'Monday Pairs');
    notPlayed = await completedEvent(otherOrganiser, [], 'Tuesday Pairs');
  });

  const keysOf = async (who: Person, query = '') => {
    const response = await get(`/api/v1/tournaments/mine${query}`, who);
    expect(response.statusCode, response.body).toBe(200);
    return (response.json().result.data as { tournament: { key: string } }[]).map((e) => e.tournament.key);
  };

  it("lists the events a user played in or organised, and nobody else's", async () => {
    expect(await keysOf(player)).toEqual([played]);
    expect(await keysOf(organiser)).toEqual([played]);
    expect(await keysOf(otherOrganiser)).toEqual([notPlayed]);
    expect(await keysOf(outsider)).toEqual([]);
    expect((await get('/api/v1/tournaments/mine')).statusCode).toBe(401);
  });

  it("answers one own event with its participants and scoreData, and 404 for anyone else's", async () => {
    const response = await get(`/api/v1/tournaments/mine/${played}`, player);
    expect(response.statusCode, response.body).toBe(200);
    const record = response.json().result;
    expect(record.tournament.key).toBe(played);
    expect(record.status).toBe('complete');
    expect(record.participants.map((p: { userData: { names: string } }) => p.userData.names)).toEqual(['Pia Player']);
    expect(record.scoreData.round_number_1.board_number_1.table_1).toBeDefined();
    for (const who of [outsider, otherOrganiser]) expect((await get(`/api/v1/tournaments/mine/${played}`, who)).statusCode).toBe(404);
    expect((await get(`/api/v1/tournaments/mine/${notPlayed}`, player)).statusCode).toBe(404);
    expect((await get('/api/v1/tournaments/mine/nosuchkey0', player)).statusCode).toBe(404);
  });

  it('pages through a longer history with cursors and filters by name', async () => {
    const keys = [played];
    for (const name of ['Wednesday Pairs', 'Thursday Pairs', 'Friday Pairs']) keys.unshift(await completedEvent(organiser, [player], name));
    const first = await get('/api/v1/tournaments/mine?limit=2', player);
    const { data, lastDocId } = first.json().result;
    const second = await get(`/api/v1/tournaments/mine?limit=2&lastDocId=${lastDocId}`, player);
    const all = [...data, ...second.json().result.data].map((e: { tournament: { key: string } }) => e.tournament.key);
    expect(all).toEqual(keys);
    expect(second.json().result.lastDocId).toBeNull();
    expect(await keysOf(player, '?query=thursday')).toEqual([keys[1]]);
  });
});

describe('an event in play, seen by a seated player', () => {
  it("shows the player only their own pair's lines, and nobody else's email or phone", async () => {
    const organiser = await person('Olga Organiser');
    const player = await person('Pia Player', { contact: '+919800000001' });
    const other = await person('Quinn Other', { contact: '+919800000001' });
    const { key } = await buildSeatedEvent(t.app, {
      organiser,
      boardsPerRound: 1,
      gameDetails: { typeName: 'Live Pairs', liveTableEvent: false },
      // Pia sits North at table 1 (NS pair 1); Quinn North at table 2.
      seats: [
        { user: player.user!, table: 1, side: 0 },
        { user: other.user!, table: 2, side: 0 },
      ],
      // Round 1 is played at every table; board of table 2 reaches Pia's table only in a later round.
      results: mitchell(3, 'skip')
        .rows.filter((r) => r.round === 1)
        .map((row) => ({
          round: 1,
          board: row.set,
          table: row.table,
          nsPair: row.ns,
          ewPair: row.ew,
          declarer: 'N',
          contract: { level: 3, strain: 'NT', doubled: 0 },
          tricks: 9,
        })),
    });

    const seen = (await get(`/api/v1/tournaments/mine/${key}`, player)).json().result;
    expect(seen.status).toBe('active');
    const lines = Object.values(seen.scoreData as Record<string, Record<string, Record<string, { ns: number; ew: number; table: number }>>>).flatMap(
      (boards) => Object.values(boards).flatMap((tables) => Object.values(tables)),
    );
    expect(lines.map((l) => l.table)).toEqual([1]);
    const byName = Object.fromEntries(seen.participants.map((p: { userData: { names: string } }) => [p.userData.names, p.userData]));
    expect(byName['Pia Player']).toEqual({ names: 'Pia Player', email: player.user!.email, contact: '+919800000001' });
    expect(byName['Quinn Other']).toEqual({ names: 'Quinn Other', email: null, contact: null });

    // The organiser still sees every line; the player sees all of them once the event is complete.
    const all = (await get(`/api/v1/tournaments/mine/${key}`, organiser)).json().result;
    expect(Object.keys(all.scoreData.round_number_1)).toHaveLength(3);
    expect((await organiser.post(`/api/v1/tournaments/${key}/complete`)).statusCode).toBe(200);
    const after = (await get(`/api/v1/tournaments/mine/${key}`, player)).json().result;
    expect(Object.keys(after.scoreData.round_number_1)).toHaveLength(3);
    expect(JSON.stringify(after.participants)).not.toContain(other.user!.email);
  });
});
