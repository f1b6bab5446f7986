import { describe, expect, it } from 'vitest';
import {
  contractText,
  dealerText,
  formatPoints,
  formatRanks,
  formatScore,
  formatStandingScore,
  formatMatchpointTotal,
  boardTop,
  pairLabel,
  scorecardRows,
  scoringLabel,
} from './format';
import { buildEventResults } from './test-fixture';

describe('contractText', () => {
  it.each([
    [{ level: 4, strain: 'S' as const, doubled: 0 }, '4♠'],
    [{ level: 3, strain: 'NT' as const, doubled: 1 }, '3NT×'],
    [{ level: 2, strain: 'H' as const, doubled: 2 }, '2♥××'],
    [{ level: 1, strain: 'D' as const, doubled: 0 }, '1♦'],
    [{ level: 7, strain: 'C' as const, doubled: 0 }, '7♣'],
    [{ level: 0, strain: null, doubled: 0 }, 'Passed out'],
    [{ level: 0, strain: 'NT' as const, doubled: 0 }, 'Passed out'],
  ])('writes %o as %s', (contract, text) => {
    expect(contractText(contract)).toBe(text);
  });
});

describe('score formatting', () => {
  it('writes a matchpoint standing as a percentage with two decimals', () => {
    expect(formatStandingScore({ percentage: 55.1666, total: 33.1 }, false)).toBe('55.17%');
    expect(formatStandingScore({ percentage: null, total: 0 }, false)).toBe('–');
  });

  it('writes an IMP standing as a signed total with two decimals', () => {
    expect(formatStandingScore({ percentage: null, total: 12.5 }, true)).toBe('+12.50');
    expect(formatStandingScore({ percentage: null, total: -3 }, true)).toBe('−3.00');
    expect(formatStandingScore({ percentage: null, total: 0 }, true)).toBe('0.00');
    expect(formatStandingScore({ percentage: null, total: -0.001 }, true)).toBe('0.00');
  });

  it('writes an IMP standing by its factored total when it has one', () => {
    expect(formatStandingScore({ percentage: null, total: 9.5, factoredTotal: 14.25 }, true)).toBe('+14.25');
    expect(formatStandingScore({ percentage: null, total: 9.5, factoredTotal: null }, true)).toBe('+9.50');
  });

  it('writes board scores with a minus only when negative', () => {
    expect(formatScore(430)).toBe('430');
    expect(formatScore(-50)).toBe('−50');
    expect(formatScore(0)).toBe('0');
    expect(formatScore(-0)).toBe('0');
  });

  it('trims matchpoints and signs IMPs', () => {
    expect(formatPoints(2, false)).toBe('2');
    expect(formatPoints(1.5, false)).toBe('1.5');
    expect(formatPoints(2 / 3, false)).toBe('0.67');
    expect(formatPoints(3, true)).toBe('+3.00');
    expect(formatPoints(-0.5, true)).toBe('−0.50');
  });

  it('names the scoring methods', () => {
    expect(scoringLabel('matchpoints')).toBe('Matchpoints');
    expect(scoringLabel('cross-imps')).toBe('Cross-IMPs');
    expect(scoringLabel('butler')).toBe('Butler IMPs');
  });
});

describe('board and hand text', () => {
  it('spells out dealer and vulnerability', () => {
    expect(dealerText('N', 'NS')).toBe('Dealer North, Vulnerable: North-South');
    expect(dealerText('W', 'EW')).toBe('Dealer West, Vulnerable: East-West');
    expect(dealerText('E', 'None')).toBe('Dealer East, Vulnerable: None');
    expect(dealerText('S', 'All')).toBe('Dealer South, Vulnerable: All');
  });

  it('writes the ten as 10 and a void as a dash', () => {
    expect(formatRanks('AKT9')).toBe('A K 10 9');
    expect(formatRanks('')).toBe('—');
  });

  it('labels pairs with their direction only in a two-winner event', () => {
    expect(pairLabel('NS', 3)).toBe('NS 3');
    expect(pairLabel(null, 3)).toBe('3');
  });
});

describe('scorecardRows', () => {
  it("gives an NS pair's boards from its own side", () => {
    const rows = scorecardRows(buildEventResults(), { direction: 'NS', pair: 3 });
    expect(rows.map((r) => [r.board, r.sat, r.opponent, r.score, r.points])).toEqual([
      [1, 'NS', 3, -50, 0],
      [2, 'NS', 2, -110, 0],
    ]);
  });

  it('negates the score for an EW pair and uses the EW points', () => {
    const rows = scorecardRows(buildEventResults(), { direction: 'EW', pair: 2 });
    expect(rows.map((r) => [r.board, r.sat, r.opponent, r.score, r.points])).toEqual([
      [1, 'EW', 2, -400, 1],
      [2, 'EW', 3, 110, 2],
    ]);
  });

  it('follows a pair that changes direction in a one-winner event', () => {
    const { boards } = buildEventResults();
    const howell = {
      boards: [
        { ...boards[0]!, lines: [{ ...boards[0]!.lines[0]!, nsPair: 1, ewPair: 4 }] },
        { ...boards[1]!, lines: [{ ...boards[1]!.lines[1]!, nsPair: 3, ewPair: 1 }] },
      ],
    };
    const rows = scorecardRows(howell, { direction: null, pair: 1 });
    expect(rows.map((r) => [r.board, r.sat, r.opponent, r.score, r.points])).toEqual([
      [1, 'NS', 4, 430, 2],
      [2, 'EW', 3, -100, 0],
    ]);
  });
  it("writes a pair's matchpoints out of its top, and a board's top from any of its lines", () => {
    expect(formatMatchpointTotal({ total: 74, tops: 120 })).toBe('74 of 120');
    expect(formatMatchpointTotal({ total: 73.5, tops: 120 })).toBe('73.5 of 120');
    expect(boardTop([{ ns: 7, ew: 3 }])).toBe(10);
    expect(boardTop([{ ns: 4.3333, ew: 5.6667 }])).toBe(10);
    expect(boardTop([])).toBeNull();
  });
});
