import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDeal, type Hand } from '../deal.ts';
import { DEAL_COUNT, dealFromIndex } from '../random-deal.ts';
import { SEATS } from '../types.ts';
import { hasStopper, highCardPoints, isBalanced, suitLengths } from './hand-evaluation.ts';

/** A hand written like PBN, spades first: 'AKQ2.T98.765.432'. */
const hand = (text: string): Hand => parseDeal(`N:${text} - - -`).N!;

describe('high-card points', () => {
  it.each([
    ['AKQJ.AKQ.AKQ.AKQ', 37],
    ['AKQ2.T98.765.432', 9],
    ['T98.T98.T987.T98', 0],
    ['A.K.Q.JT98765432', 10],
    ['KQJ2.QJ2.J32.432', 10],
  ])('%s holds %i', (text, points) => {
    expect(highCardPoints(hand(text))).toBe(points);
  });

  it('the four hands of any deal hold 40 between them, and 13 cards each', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: DEAL_COUNT - 1n }), (index) => {
        const deal = dealFromIndex(index);
        const hands = SEATS.map((seat) => deal[seat]!);
        expect(hands.reduce((sum, h) => sum + highCardPoints(h), 0)).toBe(40);
        for (const h of hands) expect(Object.values(suitLengths(h)).reduce((a, b) => a + b, 0)).toBe(13);
      }),
      { numRuns: 200 },
    );
  });
});

describe('shape', () => {
  it('counts the cards of each suit', () => {
    expect(suitLengths(hand('AKQ2.T98.765432.'))).toEqual({ S: 4, H: 3, D: 6, C: 0 });
  });

  it.each([
    ['AKQ2.T98.765.432', '4-3-3-3', true],
    ['AKQ2.T982.76.432', '4-4-3-2', true],
    ['AKQ32.T98.76.432', '5-3-3-2 with a five-card major', true],
    ['AKQ32.T9.76.5432', '5-4-2-2', false],
    ['AKQ2.T982.7654.2', '4-4-4-1', false],
    ['AKQ432.T98.76.43', '6-3-2-2', false],
    ['AKQ2.T982.76543.', 'a void', false],
  ])('%s (%s) is balanced: %s', (text, _shape, balanced) => {
    expect(isBalanced(hand(text))).toBe(balanced);
  });
});

describe('stoppers', () => {
  it.each([
    ['A.KQJT9.8765.432', 'S', true],
    ['K2.KQJT9.876.432', 'S', true],
    ['K.KQJT98.876.432', 'S', false],
    ['Q32.KQJT.876.432', 'S', true],
    ['Q2.KQJT9.876.432', 'S', false],
    ['J432.KQJ.876.432', 'S', true],
    ['J32.KQJT.876.432', 'S', false],
    ['5432.AKQ.876.432', 'S', false],
  ] as const)('%s stops %s: %s', (text, suit, stops) => {
    expect(hasStopper(hand(text), suit)).toBe(stops);
  });
});
