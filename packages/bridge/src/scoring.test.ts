import { describe, expect, it } from 'vitest';
import { dealerOf, isVulnerable, vulnerabilityOf } from './board.ts';
import { nsScore, scoreContract } from './scoring.ts';
import type { Contract, Strain } from './types.ts';

/** Parses '4SX' / '3NT' / '1CXX' into a contract. */
function contract(text: string): Contract {
  const match = /^([1-7])(C|D|H|S|NT)(X{0,2})$/.exec(text);
  if (!match) throw new Error(`bad contract ${text}`);
  return { level: Number(match[1]) as Contract['level'], strain: match[2] as Strain, doubled: match[3]!.length as 0 | 1 | 2 };
}

describe('board dealer and vulnerability (Law 2)', () => {
  const expected = ['None', 'NS', 'EW', 'All', 'NS', 'EW', 'All', 'None', 'EW', 'All', 'None', 'NS', 'All', 'None', 'NS', 'EW'];
  it.each(expected.map((vul, i) => [i + 1, vul]))('board %i is %s vulnerable, and so is board %i + 16', (board, vul) => {
    expect(vulnerabilityOf(board)).toBe(vul);
    expect(vulnerabilityOf(board + 16)).toBe(vul);
    expect(vulnerabilityOf(board + 32)).toBe(vul);
  });
  it.each([
    [1, 'N'],
    [2, 'E'],
    [3, 'S'],
    [4, 'W'],
    [5, 'N'],
    [16, 'W'],
    [17, 'N'],
    [27, 'S'],
  ])('board %i is dealt by %s', (board, seat) => {
    expect(dealerOf(board)).toBe(seat);
  });
  it('refuses board 0 and fractions', () => {
    expect(() => dealerOf(0)).toThrow(RangeError);
    expect(() => vulnerabilityOf(1.5)).toThrow(RangeError);
  });
  it('knows which side is vulnerable', () => {
    expect([isVulnerable('NS', 'N'), isVulnerable('NS', 'E'), isVulnerable('EW', 'W'), isVulnerable('All', 'S'), isVulnerable('None', 'N')]).toEqual([
      true,
      false,
      true,
      true,
      false,
    ]);
  });
});

describe('the worked examples of Law 77', () => {
  it.each([
    ['4S', 10, true, 620],
    ['4S', 10, false, 420],
    ['3NT', 9, false, 400],
    ['3NT', 10, false, 430],
    ['2H', 10, false, 170],
    ['6S', 12, false, 980],
    ['7NT', 13, true, 2220],
    ['1NTX', 7, false, 180],
    ['2HX', 8, false, 470],
    ['2HX', 8, true, 670],
    ['4SX', 11, true, 990],
    ['6NTX', 13, true, 1880],
    ['1NTXX', 7, false, 560],
    ['1CXX', 10, false, 830],
    ['7NTXX', 13, true, 2980],
    ['3NT', 8, true, -100],
    ['4HX', 7, false, -500],
    ['4HX', 7, true, -800],
    ['3HX', 5, false, -800],
    ['3HX', 5, true, -1100],
    ['4SXX', 6, false, -1600],
    ['4SXX', 6, true, -2200],
    ['7NTXX', 0, true, -7600],
  ] as const)('%s with %i tricks, vulnerable %s, scores %i', (text, tricks, vulnerable, score) => {
    expect(scoreContract(contract(text), tricks, vulnerable)).toBe(score);
  });
});

// Published scoring tables, typed independently of the formula: every contract made exactly.
const madeExactly: Record<string, [number, number, number, number]> = {
  // contract: [undoubled NV, undoubled V, doubled NV, doubled V]
  '1C': [70, 70, 140, 140],
  '2C': [90, 90, 180, 180],
  '3C': [110, 110, 470, 670],
  '4C': [130, 130, 510, 710],
  '5C': [400, 600, 550, 750],
  '6C': [920, 1370, 1090, 1540],
  '7C': [1440, 2140, 1630, 2330],
  '1D': [70, 70, 140, 140],
  '2D': [90, 90, 180, 180],
  '3D': [110, 110, 470, 670],
  '4D': [130, 130, 510, 710],
  '5D': [400, 600, 550, 750],
  '6D': [920, 1370, 1090, 1540],
  '7D': [1440, 2140, 1630, 2330],
  '1H': [80, 80, 160, 160],
  '2H': [110, 110, 470, 670],
  '3H': [140, 140, 530, 730],
  '4H': [420, 620, 590, 790],
  '5H': [450, 650, 650, 850],
  '6H': [980, 1430, 1210, 1660],
  '7H': [1510, 2210, 1770, 2470],
  '1S': [80, 80, 160, 160],
  '2S': [110, 110, 470, 670],
  '3S': [140, 140, 530, 730],
  '4S': [420, 620, 590, 790],
  '5S': [450, 650, 650, 850],
  '6S': [980, 1430, 1210, 1660],
  '7S': [1510, 2210, 1770, 2470],
  '1NT': [90, 90, 180, 180],
  '2NT': [120, 120, 490, 690],
  '3NT': [400, 600, 550, 750],
  '4NT': [430, 630, 610, 810],
  '5NT': [460, 660, 670, 870],
  '6NT': [990, 1440, 1230, 1680],
  '7NT': [1520, 2220, 1790, 2490],
};

describe('every contract made exactly (published table)', () => {
  it.each(Object.entries(madeExactly))('%s: %j', (text, [nv, v, xnv, xv]) => {
    const c = contract(text);
    const tricks = 6 + c.level;
    expect(scoreContract(c, tricks, false)).toBe(nv);
    expect(scoreContract(c, tricks, true)).toBe(v);
    expect(scoreContract({ ...c, doubled: 1 }, tricks, false)).toBe(xnv);
    expect(scoreContract({ ...c, doubled: 1 }, tricks, true)).toBe(xv);
  });
});

// Published undertrick tables, 1 to 13 down.
const doubledDownNV = [100, 300, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500];
const doubledDownV = [200, 500, 800, 1100, 1400, 1700, 2000, 2300, 2600, 2900, 3200, 3500, 3800];

describe('undertricks (published table)', () => {
  it.each(doubledDownNV.map((_, i) => i + 1))('%i down', (down) => {
    const c: Contract = { level: 7, strain: 'NT', doubled: 0 };
    const tricks = 13 - down;
    expect(scoreContract(c, tricks, false)).toBe(-50 * down);
    expect(scoreContract(c, tricks, true)).toBe(-100 * down);
    expect(scoreContract({ ...c, doubled: 1 }, tricks, false)).toBe(-doubledDownNV[down - 1]!);
    expect(scoreContract({ ...c, doubled: 1 }, tricks, true)).toBe(-doubledDownV[down - 1]!);
    expect(scoreContract({ ...c, doubled: 2 }, tricks, false)).toBe(-2 * doubledDownNV[down - 1]!);
    expect(scoreContract({ ...c, doubled: 2 }, tricks, true)).toBe(-2 * doubledDownV[down - 1]!);
  });
});

describe('redoubled and overtricks', () => {
  it.each([
    ['1CXX', 7, false, 230],
    ['1HXX', 7, false, 520],
    ['1HXX', 7, true, 720],
    ['2SXX', 9, true, 1240],
    ['3NTXX', 9, false, 800],
    ['2C', 13, false, 190],
    ['1NT', 13, true, 270],
    ['5DX', 13, true, 1150],
    ['3SXX', 12, false, 1360],
  ] as const)('%s with %i tricks, vulnerable %s, scores %i', (text, tricks, vulnerable, score) => {
    expect(scoreContract(contract(text), tricks, vulnerable)).toBe(score);
  });
});

describe('North-South score of a result', () => {
  it('is the declarer side score, negated when East-West declare, with their own vulnerability', () => {
    expect(nsScore(contract('4S'), 'N', 10, 'NS')).toBe(620);
    expect(nsScore(contract('4S'), 'E', 10, 'NS')).toBe(-420);
    expect(nsScore(contract('3NT'), 'W', 8, 'EW')).toBe(100);
  });
  it('is 0 for a passed-out board, which needs no declarer', () => {
    expect(nsScore({ level: 0, strain: 'NT', doubled: 0 }, null, 0, 'All')).toBe(0);
  });
  it('refuses impossible tricks and a missing declarer', () => {
    expect(() => scoreContract(contract('4S'), 14, false)).toThrow(RangeError);
    expect(() => scoreContract(contract('4S'), -1, false)).toThrow(RangeError);
    expect(() => nsScore(contract('4S'), null, 10, 'None')).toThrow(/declarer/);
  });
});
