import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardsOfSet, mitchell, publishedHowell } from '@bridge/engine';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { buildClient, buildCompletedEvent, type Client } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => (t = await buildTestApp()));
afterAll(async () => t.close());

type Person = Client;
const person = (names: string): Promise<Person> => buildClient(t.app, { names });
const get = (url: string, who?: Person) => t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });

type Seat = { who: Person; table: number; side: number };
type Standing = {
  key: string;
  direction: 'NS' | 'EW' | null;
  pair: number;
  total: number;
  percentage: number | null;
  place: number;
  label: string;
  names: string[];
};

/**
 * A 3-table Mitchell of one board a round, every line posted and completed: NS at table 1 make an overtrick
 * each time (430 against 400 elsewhere), so NS 1 tops every board.
 */
async function playedMitchell(organiser: Person, seats: Seat[], typeName: string, scoreType: 'Match Point' | 'IMP') {
  const { key } = await buildCompletedEvent(t.app, {
    organiser,
    boardsPerRound: 1,
    gameDetails: { typeName, scoreType, liveTableEvent: false },
    seats: seats.map((s) => ({ user: s.who.user!, table: s.table, side: s.side })),
    results: mitchell(3, 'skip').rows.map((row) => ({
      round: row.round,
      board: boardsOfSet(row.set, 1)[0]!,
      table: row.table,
      nsPair: row.ns,
      ewPair: row.ew,
      declarer: 'N',
      contract: { level: 3, strain: 'NT', doubled: 0 },
      tricks: row.table === 1 ? 10 : 9,
    })),
  });
  return key;
}

/** The public ranking of an event: the values the history must agree with. */
async function standings(key: string): Promise<Standing[]> {
  const response = await get(`/api/v1/tournaments/${key}/results`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.pairs;
}

type History = {
  events: {
    key: string;
    name: string;
    scoreType: string;
    pair: { key: string; direction: string | null; pairNo: number; names: string[] };
    percentage: number | null;
    imps: number | null;
    place: number;
    label: string;
    of: number;
  }[];
  summary: { eventsPlayed: number; bestPercentage: { key: string; value: number } | null; bestImps: { key: string; value: number } | null };
};
async function historyOf(who: Person): Promise<History> {
  const response = await get('/api/v1/tournaments/mine/history', who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result;
}

describe("a player's history (/api/v1/tournaments/mine/history) and own pairs (/mine/{key}/pairs)", () => {
  let organiser: Person;
  let pia: Person;
  let paul: Person;
  let eve: Person;
  let outsider: Person;
  let matchpoints: string;
  let imps: string;
  let howell: string;
  let notPlayed: string;
  beforeAll(async () => {
    organiser = await person('Olga Organiser');
    pia = await person('Pia Player');
    paul = await person('Paul Partner');
    eve = await person('Eve East');
    outsider = await person('Otto Outsider');
    matchpoints = await playedMitchell(
      organiser,
      [
        { who: pia, table: 1, side: 0 },
        { who: paul, table: 1, side: 2 },
        { who: eve, table: 1, side: 1 },
      ],
      'Monday Pairs',
      'Match Point',
    );
    imps = await playedMitchell(organiser, [{ who: pia, table: 1, side: 0 }], 'IMP Night', 'IMP');
    notPlayed = await playedMitchell(organiser, [], 'Without Pia', 'Match Point');

    // A one-winner Howell: Pia sits East at table 1, so her pair is that table's round-1 EW pair, keyed by number.
    ({ key: howell } = await buildCompletedEvent(t.app, {
      organiser,
      tables: 2,
      boardsPerRound: 1,
      gameDetails: { typeName: 'Howell Cup', players: 8, rounds: 6, movementType: 'Howell', liveTableEvent: false },
      seats: [{ user: pia.user!, table: 1, side: 1 }],
      results: publishedHowell(4).rows.map((row) => ({
        round: row.round,
        board: boardsOfSet(row.set, 1)[0]!,
        table: row.table,
        nsPair: row.ns,
        ewPair: row.ew,
        declarer: 'N',
        contract: { level: 4, strain: 'S', doubled: 0 },
        tricks: 10,
      })),
    }));
  });

  it('answers the events the player sat in, oldest first, with their pair, score and place as the results page ranks them', async () => {
    const history = await historyOf(pia);
    expect(history.events.map((e) => e.key)).toEqual([matchpoints, imps, howell]);
    const [mp, imp, cup] = history.events;

    const ns1 = (await standings(matchpoints)).find((s) => s.key === 'NS1')!;
    expect(mp).toMatchObject({
      name: 'Monday Pairs',
      scoreType: 'Match Point',
      pair: { key: 'NS1', direction: 'NS', pairNo: 1, names: ['Pia Player', 'Paul Partner'] },
      percentage: 100,
      imps: null,
      place: 1,
      label: '1',
      of: 3,
    });
    expect(ns1.percentage).toBe(100);

    const impNs1 = (await standings(imps)).find((s) => s.key === 'NS1')!;
    expect(imp).toMatchObject({
      name: 'IMP Night',
      scoreType: 'IMP',
      pair: { key: 'NS1', names: ['Pia Player'] },
      percentage: null,
      imps: Math.round(impNs1.total * 100) / 100,
      place: impNs1.place,
      of: 3,
    });
    expect(imp!.imps).toBeGreaterThan(0);

    const eastPair = publishedHowell(4).rows.find((r) => r.round === 1 && r.table === 1)!.ew;
    const cupPair = (await standings(howell)).find((s) => s.key === String(eastPair))!;
    expect(cup).toMatchObject({
      pair: { key: String(eastPair), direction: null, pairNo: eastPair, names: ['Pia Player'] },
      percentage: cupPair.percentage,
      place: cupPair.place,
      of: 4,
    });

    expect(history.summary).toEqual({ eventsPlayed: 3, bestPercentage: { key: matchpoints, value: 100 }, bestImps: { key: imps, value: imp!.imps } });
  });

  it("gives every player their own pair and nobody else's events; organising alone is no history", async () => {
    const eveHistory = await historyOf(eve);
    expect(eveHistory.events.map((e) => e.key)).toEqual([matchpoints]);
    const ew1 = (await standings(matchpoints)).find((s) => s.key === 'EW1')!;
    expect(eveHistory.events[0]).toMatchObject({
      pair: { key: 'EW1', direction: 'EW', names: ['Eve East'] },
      percentage: Math.round(ew1.percentage! * 100) / 100,
      place: ew1.place,
      of: 3,
    });
    expect(eveHistory.summary.bestImps).toBeNull();

    expect((await historyOf(paul)).events.map((e) => e.pair.key)).toEqual(['NS1']);
    for (const who of [organiser, outsider])
      expect(await historyOf(who)).toEqual({ events: [], summary: { eventsPlayed: 0, bestPercentage: null, bestImps: null } });
    expect((await historyOf(pia)).events.map((e) => e.key)).not.toContain(notPlayed);
  });

  it('answers the pairs the caller sat in at one event, empty for anyone else, 404 for an unknown key', async () => {
    const pairsOf = async (key: string, who: Person) => {
      const response = await get(`/api/v1/tournaments/mine/${key}/pairs`, who);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().result.pairs;
    };
    expect(await pairsOf(matchpoints, pia)).toEqual(['NS1']);
    expect(await pairsOf(matchpoints, eve)).toEqual(['EW1']);
    expect(await pairsOf(matchpoints, outsider)).toEqual([]);
    expect(await pairsOf(matchpoints, organiser)).toEqual([]);
    expect(await pairsOf(howell, pia)).toEqual([String(publishedHowell(4).rows.find((r) => r.round === 1 && r.table === 1)!.ew)]);
    expect((await get('/api/v1/tournaments/mine/nosuchkey0/pairs', pia)).statusCode).toBe(404);
  });

  it('answers 401 signed out', async () => {
    expect((await get('/api/v1/tournaments/mine/history')).statusCode).toBe(401);
    expect((await get(`/api/v1/tournaments/mine/${matchpoints}/pairs`)).statusCode).toBe(401);
  });
});
