import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { butlerDatum, butlerImps, crossImps, impsForDifference, roundToTen } from './imps.ts';

describe('WBF IMP scale', () => {
  it.each([
    [0, 0],
    [10, 0],
    [15, 0],
    [20, 1],
    [45, 1],
    [50, 2],
    [90, 3],
    [420, 9],
    [430, 10],
    [620, 12],
    [1000, 14],
    [2240, 19],
    [2250, 20],
    [3990, 23],
    [4000, 24],
    [7600, 24],
    [-45, -1],
    [-1440, 16 * -1],
  ])('a difference of %i is %i IMPs', (difference, imps) => {
    expect(impsForDifference(difference)).toBe(imps);
  });
  it('is odd and never decreases', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10000 }), fc.integer({ min: 0, max: 200 }), (d, step) => {
        expect(impsForDifference(-d)).toBe(-impsForDifference(d) || 0);
        expect(impsForDifference(d + step)).toBeGreaterThanOrEqual(impsForDifference(d));
      }),
    );
  });
});

describe('cross-IMPs', () => {
  it('matches the worked example: 620, 170, 140, 140, -100', () => {
    expect(crossImps([620, 170, 140, 140, -100])).toEqual([10.5, -0.25, -1.25, -1.25, -7.75]);
  });
  it('divides by n or not at all when asked', () => {
    expect(crossImps([620, 170, 140, 140, -100], 'sum')).toEqual([42, -1, -5, -5, -31]);
    expect(crossImps([620, 170, 140, 140, -100], 'n')).toEqual([8.4, -0.2, -1, -1, -6.2]);
  });
  it('sums to 0 on every board', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.integer({ min: -7600, max: 7600 }).map((s) => s - (s % 10)),
          { minLength: 2, maxLength: 30 },
        ),
        (scores) => {
          const total = crossImps(scores).reduce((a, b) => a + b, 0);
          expect(Math.abs(total)).toBeLessThan(1e-9);
        },
      ),
    );
  });
});

describe('Butler', () => {
  it('matches the worked example: datum -300, IMPs -8, 4, -15, 9, 4, 3', () => {
    expect(butlerImps([-650, -170, -1440, 100, -170, -200])).toEqual({ datum: -300, imps: [-8, 4, -15, 9, 4, 3] });
  });
  it.each([
    [295, 300],
    [294, 290],
    [-295, -300],
    [-294, -290],
    [-5, -10],
    [4, 0],
    [-4, 0],
  ])('rounds %i to %i (halves away from zero)', (value, rounded) => {
    expect(roundToTen(value)).toBe(rounded);
  });
  it('keeps at least one score when the field is tiny, and trims more for big fields when asked', () => {
    expect(butlerDatum([420])).toBe(420);
    expect(butlerDatum([420, 100])).toBe(260);
    expect(butlerDatum([-2000, 100, 110, 120, 130, 140, 5000], 2)).toBe(120);
  });
});
