import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchpointBoard, percentage, topOf, type BoardResult } from './matchpoints.ts';
import { rankWithTies } from './ranking.ts';

const scores = (...ns: number[]): BoardResult[] => ns.map((nsScore) => ({ kind: 'score', nsScore }));
const nsOf = (lines: { ns: number }[]) => lines.map((l) => Math.round(l.ns * 10) / 10);

describe('matchpoints (Law 78A)', () => {
  it('gives 2 per score beaten: 400, 430, 150, -50 -> 4, 6, 2, 0', () => {
    expect(nsOf(matchpointBoard(scores(400, 430, 150, -50)))).toEqual([4, 6, 2, 0]);
  });
  it('gives 1 per tie: 50, -90, -90, -90 -> 6, 2, 2, 2', () => {
    expect(nsOf(matchpointBoard(scores(50, -90, -90, -90)))).toEqual([6, 2, 2, 2]);
  });
  it('on the 1 and a half scale halves everything', () => {
    expect(nsOf(matchpointBoard(scores(50, -90, -90, -90), { scale: '1-0.5-0' }))).toEqual([3, 1, 1, 1]);
  });
  it('Neuberg-factors a board played 10 times where 11 were expected', () => {
    const lines = matchpointBoard(scores(520, 500, 490, 480, 460, 450, 430, 420, 400, -50), { expected: 11 });
    expect(nsOf(lines)).toEqual([19.9, 17.7, 15.5, 13.3, 11.1, 8.9, 6.7, 4.5, 2.3, 0.1]);
    for (const line of lines) expect(line.ns + line.ew).toBeCloseTo(20);
  });
  it('gives adjusted scores their share of the top and Neuberg-factors the real ones', () => {
    const lines = matchpointBoard([...scores(420, 170, 140), { kind: 'adjusted', ns: 'A+', ew: 'A-' }]);
    // top 6; three real results expected four: S = (s + 1) x 4/3 - 1
    expect(lines[3]).toEqual({ ns: 3.6, ew: 2.4 });
    expect(lines[0]!.ns).toBeCloseTo(((4 + 1) * 4) / 3 - 1);
    expect(lines[2]!.ns).toBeCloseTo(((0 + 1) * 4) / 3 - 1);
  });
  it('refuses more results than expected', () => {
    expect(() => matchpointBoard(scores(1, 2, 3), { expected: 2 })).toThrow(RangeError);
  });
  it('NS and EW always share the top, and a complete board hands out n x top / 2 to each side', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.integer({ min: -30, max: 30 }).map((s) => s * 10),
          { minLength: 1, maxLength: 20 },
        ),
        fc.constantFrom('2-1-0' as const, '1-0.5-0' as const),
        (ns, scale) => {
          const lines = matchpointBoard(scores(...ns), { scale });
          const top = topOf(ns.length, scale);
          let total = 0;
          for (const line of lines) {
            expect(line.ns + line.ew).toBeCloseTo(top);
            expect(line.ns).toBeGreaterThanOrEqual(-1e-9);
            expect(line.ns).toBeLessThanOrEqual(top + 1e-9);
            total += line.ns;
          }
          expect(total).toBeCloseTo((ns.length * top) / 2);
        },
      ),
    );
  });
  it('a better score never gets fewer matchpoints', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -50, max: 50 }), { minLength: 2, maxLength: 15 }), fc.integer({ min: 1, max: 5 }), (ns, extra) => {
        const lines = matchpointBoard(scores(...ns), { expected: ns.length + extra });
        ns.forEach((a, i) =>
          ns.forEach((b, j) => {
            if (a > b) expect(lines[i]!.ns).toBeGreaterThan(lines[j]!.ns);
          }),
        );
      }),
    );
  });
  it('computes a percentage from matchpoints and tops', () => {
    expect(percentage(27, 48)).toBeCloseTo(56.25);
    expect(percentage(0, 0)).toBe(0);
  });
});

describe('rankings with ties', () => {
  it('shows tied places as 1= and skips the places they cover', () => {
    const ranked = rankWithTies(
      [
        { pair: 1, pct: 55 },
        { pair: 2, pct: 61.2 },
        { pair: 3, pct: 55.004 },
        { pair: 4, pct: 48 },
      ],
      (p) => p.pct,
    );
    expect(ranked.map((r) => [r.item.pair, r.label])).toEqual([
      [2, '1'],
      [1, '2='],
      [3, '2='],
      [4, '4'],
    ]);
  });
  it('ranks lower-is-better scores when asked', () => {
    expect(rankWithTies([3, 1, 2], (x) => x, { higherIsBetter: false }).map((r) => r.item)).toEqual([1, 2, 3]);
  });
});
