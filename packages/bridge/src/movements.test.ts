import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boardsOfSet, howell, mitchell, movementProblems, publishedHowell, type Movement } from './movements.ts';

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
    expect(movementProblems(mitchell(tables, 'skip'))).toEqual([]);
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
