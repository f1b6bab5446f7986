import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  arrowSwitchMitchell,
  barometer,
  boardsOfSet,
  howell,
  mitchell,
  mitchellWithSitOut,
  movementProblems,
  publishedHowell,
  stopAfterRound,
  threeQuarterHowell,
  type Movement,
} from './movements.ts';

const at = (m: Movement, round: number) => m.rows.filter((r) => r.round === round).map((r) => `T${r.table} ${r.ns}v${r.ew} s${r.set}`);

describe('Mitchell', () => {
  it('matches the worked example: 5 tables, round 2', () => {
    expect(at(mitchell(5), 2)).toEqual(['T1 1v5 s2', 'T2 2v1 s3', 'T3 3v2 s4', 'T4 4v3 s5', 'T5 5v4 s1']);
  });
  it('NS pairs stay, EW pairs move up one table, boards down one', () => {
    const m = mitchell(7);
    for (const row of m.rows.filter((r) => r.round > 1)) {
      const before = m.rows.find((r) => r.round === row.round - 1 && r.ew === row.ew)!;
      expect(row.table).toBe((before.table % 7) + 1);
      const setBefore = m.rows.find((r) => r.round === row.round - 1 && r.set === row.set)!;
      expect(setBefore.table).toBe((row.table % 7) + 1);
    }
  });
  it('has two winners and as many rounds as tables when the tables are odd', () => {
    expect(mitchell(9)).toMatchObject({ rounds: 9, sets: 9, winners: 2, sharedSets: false });
  });
  it('with an even number, skips one table before round T/2+1 and plays T-1 rounds', () => {
    const m = mitchell(6, 'skip');
    expect(m.rounds).toBe(5);
    const ewOne = m.rows.filter((r) => r.ew === 1).map((r) => r.table);
    expect(ewOne).toEqual([1, 2, 3, 5, 6]);
  });
  it('with share-and-relay, tables 1 and T share a set every round and T rounds are played', () => {
    const m = mitchell(8, 'share-and-relay');
    expect(m.rounds).toBe(8);
    for (let r = 1; r <= 8; r++) {
      const rows = m.rows.filter((row) => row.round === r);
      expect(rows.find((row) => row.table === 1)!.set).toBe(rows.find((row) => row.table === 8)!.set);
    }
  });
  it.each([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 20, 30, 31])('is sound with %i tables (every method)', (tables) => {
    // Two tables with a skip play one round: each set at one table, compared with nothing.
    if (tables > 2) expect(movementProblems(mitchell(tables, 'skip'))).toEqual([]);
    expect(movementProblems(mitchell(tables, 'share-and-relay'))).toEqual([]);
  });
  it('refuses fewer than 2 tables', () => {
    expect(() => mitchell(1)).toThrow(RangeError);
  });
});

describe('Howell', () => {
  it('every pair meets every other exactly once, for 4 to 40 pairs', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 40 }), (pairs) => {
        const m = howell(pairs);
        expect(movementProblems(m)).toEqual([]);
        expect(m.rounds).toBe(pairs % 2 === 0 ? pairs - 1 : pairs);
        expect(m.winners).toBe(1);
      }),
    );
  });
  it('an odd number of pairs adds a sit-out, met once by each pair', () => {
    const m = howell(7);
    expect(m.phantomPair).toBe(8);
    for (let pair = 1; pair <= 7; pair++) {
      expect(m.rows.filter((r) => (r.ns === pair && r.ew === 8) || (r.ew === pair && r.ns === 8))).toHaveLength(1);
    }
  });
  it('sits each pair North-South about half the time', () => {
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 30 }), (pairs) => {
        const m = howell(pairs);
        for (let pair = 1; pair <= pairs; pair++) {
          const ns = m.rows.filter((r) => r.ns === pair).length;
          expect(Math.abs(ns - m.rounds / 2), `pair ${pair} of ${pairs}`).toBeLessThanOrEqual(1.5);
        }
      }),
    );
  });
});

describe('published Howell tables (4-14 pairs, physical boards)', () => {
  it.each([4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14])(
    '%i pairs: sound, sets shared only where the table says, every pair meets every other alike',
    (pairs) => {
      const m = publishedHowell(pairs);
      // The 5- and 6-pair tables play one set at every table in their last round; the others never share.
      expect(m.sharedSets).toBe(pairs === 5 || pairs === 6);
      expect(movementProblems(m)).toEqual([]);
      expect(m.meetings).toBe(pairs === 4 ? 2 : 1);
    },
  );
  it('refuses sizes it has no table for', () => {
    expect(() => publishedHowell(16)).toThrow(RangeError);
  });
});

describe('movement checks catch broken movements', () => {
  it('a pair that plays a set twice, or two pairs that meet twice', () => {
    const broken = mitchell(5);
    broken.rows[7] = { ...broken.rows[7]!, set: broken.rows[2]!.set };
    expect(movementProblems(broken).length).toBeGreaterThan(0);
    const h = howell(6);
    h.rows[3] = { ...h.rows[3]!, ew: h.rows[0]!.ew, ns: h.rows[0]!.ns };
    expect(movementProblems(h).join('\n')).toMatch(/meet (0|2) times|plays twice/);
  });
});

describe('board sets', () => {
  it('set s holds boards (s-1)k+1 .. sk', () => {
    expect(boardsOfSet(3, 4)).toEqual([9, 10, 11, 12]);
  });
});

describe('Mitchell with a sit-out (odd number of pairs)', () => {
  it.each([3, 4, 5, 6, 7, 8, 15, 30])('%i tables: EW pair T is missing, so one NS pair sits out each round, a different one each round', (tables) => {
    const m = mitchellWithSitOut(tables);
    expect(m.phantomPair).toBe(tables);
    expect(movementProblems(m)).toEqual([]);
    const sittingOut = m.rows.filter((r) => r.ew === tables).map((r) => r.ns);
    expect(sittingOut).toHaveLength(m.rounds);
    expect(new Set(sittingOut).size).toBe(m.rounds);
  });
  it('the sit-out is an EW number only: NS pair T still plays every round and is checked', () => {
    const m = mitchellWithSitOut(5);
    expect(m.rows.filter((r) => r.ns === 5 && r.ew !== 5)).toHaveLength(4);
    const broken = {
      ...m,
      rows: m.rows.map((r) => (r.ns === 5 && r.round === 2 ? { ...r, set: m.rows.find((x) => x.ns === 5 && x.round === 3)!.set } : r)),
    };
    expect(movementProblems(broken).join('\n')).toMatch(/pair ns5 plays set \d+ again/);
  });
});

describe('arrow-switch Mitchell (one winner)', () => {
  it('numbers pairs 1..2T and seats the stationary pairs East-West in every second round', () => {
    const m = arrowSwitchMitchell(mitchell(5));
    expect(m.winners).toBe(1);
    expect(m.description).toContain('arrow switch in rounds 2, 4');
    expect(at(m, 1)).toEqual(['T1 1v6 s1', 'T2 2v7 s2', 'T3 3v8 s3', 'T4 4v9 s4', 'T5 5v10 s5']);
    expect(at(m, 2)).toEqual(['T1 10v1 s2', 'T2 6v2 s3', 'T3 7v3 s4', 'T4 8v4 s5', 'T5 9v5 s1']);
    expect(movementProblems(m)).toEqual([]);
  });
  it('every pair sits North-South in about half the rounds', () => {
    const m = arrowSwitchMitchell(mitchell(7));
    for (let pair = 1; pair <= 14; pair++) expect(Math.abs(m.rows.filter((r) => r.ns === pair).length - 3.5)).toBeLessThanOrEqual(0.5);
  });
  it.each([3, 4, 6, 9, 12, 30])('is sound with %i tables, with or without a sit-out, skip or share-and-relay', (tables) => {
    for (const method of ['skip', 'share-and-relay'] as const) {
      expect(movementProblems(arrowSwitchMitchell(mitchell(tables, method)))).toEqual([]);
      const sitOut = arrowSwitchMitchell(mitchellWithSitOut(tables, method));
      expect(sitOut.phantomPair).toBe(2 * tables);
      expect(movementProblems(sitOut)).toEqual([]);
    }
  });
  it('a pair seated twice in a round is caught across directions', () => {
    const m = arrowSwitchMitchell(mitchell(5));
    m.rows[0] = { ...m.rows[0]!, ew: 7 }; // pair 7 also sits EW at table 2 in round 1
    expect(movementProblems(m)).toContain('round 1: pair p7 plays twice');
  });
  it('refuses a movement that is not a two-winner Mitchell', () => {
    expect(() => arrowSwitchMitchell(howell(8))).toThrow(RangeError);
  });
});

describe('three-quarter Howell', () => {
  it.each([8, 9, 10, 12, 14, 16, 20])('%i pairs: about 3/4 of the rounds, incomplete, sound', (pairs) => {
    const m = threeQuarterHowell(pairs);
    const full = pairs <= 14 ? publishedHowell(pairs) : howell(pairs);
    expect(m.rounds).toBe(Math.round((full.rounds * 3) / 4));
    expect(m.complete).toBe(false);
    expect(m.description).toMatch(/not every pair meets every other/);
    expect(movementProblems(m)).toEqual([]);
  });
  it('says when its boards are duplicated (generated beyond 14 pairs)', () => {
    expect(threeQuarterHowell(16).description).toContain('boards duplicated');
    expect(threeQuarterHowell(14).description).not.toContain('boards duplicated');
  });
  it('the meetings rule flags the same rows when they are not marked incomplete', () => {
    expect(movementProblems({ ...threeQuarterHowell(10), complete: undefined }).join('\n')).toMatch(/meet 0 times/);
  });
  it('pairs that meet twice are still caught', () => {
    const m = threeQuarterHowell(10);
    const first = m.rows[0]!;
    const later = m.rows.findIndex((r) => r.round === 3 && r.table === 1);
    m.rows[later] = { ...m.rows[later]!, ns: first.ns, ew: first.ew };
    expect(movementProblems(m).join('\n')).toMatch(
      new RegExp(`pairs ${Math.min(first.ns, first.ew)} and ${Math.max(first.ns, first.ew)} meet 2 times`),
    );
  });
});

describe('barometer', () => {
  it.each([
    ['the published 10-pair Howell', () => publishedHowell(10)],
    ['the 9-pair Howell with its sit-out', () => publishedHowell(9)],
    ['an arrow-switch Mitchell of 12 tables', () => arrowSwitchMitchell(mitchell(12))],
  ])('on %s, every table plays the same set each round and the movement is sound', (_, base) => {
    const m = barometer(base());
    expect(m.sharedSets).toBe(true);
    for (const row of m.rows) expect(row.set).toBe(row.round);
    expect(m.sets).toBe(m.rounds);
    expect(movementProblems(m)).toEqual([]);
  });
  it('without sets declared shared, the same rows break the one-table rule', () => {
    expect(movementProblems({ ...barometer(publishedHowell(8)), sharedSets: false })).toContain('round 1: set 1 at 4 tables');
  });
});

describe('movements stopped early', () => {
  it('keeps the first rounds and every set in play', () => {
    const m = stopAfterRound(mitchell(20), 13);
    expect(m.rounds).toBe(13);
    expect(m.sets).toBe(20);
    expect(Math.max(...m.rows.map((r) => r.round))).toBe(13);
    expect(movementProblems(m)).toEqual([]);
  });
  it('refuses to stop after a round the movement does not have', () => {
    expect(() => stopAfterRound(mitchell(5), 6)).toThrow(RangeError);
  });
});

describe('every board is compared', () => {
  it('two tables with a skip play one round, so no set is compared', () => {
    expect(movementProblems(mitchell(2, 'skip'))).toEqual([
      'set 1 is played at 1 table only, never compared',
      'set 2 is played at 1 table only, never compared',
    ]);
  });
  it('a set played at one table only is named', () => {
    const m = stopAfterRound(mitchell(5), 1);
    expect(movementProblems(m)).toContain('set 3 is played at 1 table only, never compared');
  });
});
