import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDeal, parseDeal, validateDeal } from './deal.ts';
import { DEAL_COUNT, dealFromIndex, indexOfDeal, randomDeal, seededRandom } from './random-deal.ts';

describe('deals as one number', () => {
  it('counts 52!/(13!)^4 deals', () => {
    expect(DEAL_COUNT).toBe(53644737765488792839237440000n);
  });
  it('the first deal gives North the spades, East the hearts, South the diamonds, West the clubs', () => {
    expect(formatDeal(dealFromIndex(0n))).toBe('N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432');
    expect(formatDeal(dealFromIndex(DEAL_COUNT - 1n))).toBe('N:...AKQJT98765432 ..AKQJT98765432. .AKQJT98765432.. AKQJT98765432...');
  });
  it('index -> deal -> index is the identity, and every deal is valid', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: DEAL_COUNT - 1n }), (index) => {
        const deal = dealFromIndex(index);
        expect(() => validateDeal(deal)).not.toThrow();
        expect(indexOfDeal(deal)).toBe(index);
      }),
      { numRuns: 200 },
    );
  });
  it('a real deal survives the round trip', () => {
    const text = 'N:KT8.A96.A95.7542 Q5.KJ52.KQ874.T8 AJ92.874.JT6.AQ3 7643.QT3.32.KJ96';
    expect(formatDeal(dealFromIndex(indexOfDeal(parseDeal(text))))).toBe(text);
  });
  it('refuses an index out of range', () => {
    expect(() => dealFromIndex(DEAL_COUNT)).toThrow(RangeError);
    expect(() => dealFromIndex(-1n)).toThrow(RangeError);
  });
});

describe('random deals', () => {
  it('are repeatable from a seed and differ between seeds', () => {
    expect(randomDeal(seededRandom(42)).index).toBe(randomDeal(seededRandom(42)).index);
    expect(randomDeal(seededRandom(42)).index).not.toBe(randomDeal(seededRandom(43)).index);
  });
  it("come from the platform's cryptographic source by default, all different", () => {
    const indexes = new Set(Array.from({ length: 50 }, () => randomDeal().index));
    expect(indexes.size).toBe(50);
  });
  it('give every seat each card about a quarter of the time (2,000 seeded deals)', () => {
    const random = seededRandom(7);
    const aceOfSpades = { N: 0, E: 0, S: 0, W: 0 };
    for (let i = 0; i < 2000; i++) {
      const { deal } = randomDeal(random);
      for (const seat of ['N', 'E', 'S', 'W'] as const) if (deal[seat]!.S.includes('A')) aceOfSpades[seat]++;
    }
    // Expected 500 each; 4 standard deviations is about 77.
    for (const count of Object.values(aceOfSpades)) expect(Math.abs(count - 500)).toBeLessThan(80);
  });
});
