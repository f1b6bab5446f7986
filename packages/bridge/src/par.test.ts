import { describe, expect, it } from 'vitest';
import { formatPar, formatParContract, makeableLevel, parseParContract, signedScore } from './par.ts';

describe('par contracts of the double-dummy solver', () => {
  it('reads level, strain, doubling, seats and tricks over or under', () => {
    expect(parseParContract('4S-NS')).toEqual({ level: 4, strain: 'S', doubled: false, seats: 'NS', overtricks: 0 });
    expect(parseParContract('5H*-EW-2')).toEqual({ level: 5, strain: 'H', doubled: true, seats: 'EW', overtricks: -2 });
    expect(parseParContract('3N-NS+1')).toEqual({ level: 3, strain: 'NT', doubled: false, seats: 'NS', overtricks: 1 });
    expect(parseParContract('1C-W')).toEqual({ level: 1, strain: 'C', doubled: false, seats: 'W', overtricks: 0 });
  });

  it.each(['', 'pass', '8S-NS', '4X-NS', '4S', '4S-NE', '4S-NS+', '4S**-NS'])('refuses %j', (text) => {
    expect(() => parseParContract(text)).toThrow(RangeError);
  });

  it.each([
    ['4S-NS', '4♠ by NS'],
    ['4S-N', '4♠ by N'],
    ['5H*-EW-2', '5♥x by EW, down 2'],
    ['3N-NS+1', '3NT+1 by NS'],
    ['2D-E', '2♦ by E'],
    ['6C*-S-1', '6♣x by S, down 1'],
    ['7N-W', '7NT by W'],
  ])('writes %s as "%s"', (text, readable) => {
    expect(formatParContract(text)).toBe(readable);
  });
});

describe('a deal’s par in words', () => {
  it('gives the contract and the score signed from North-South’s side', () => {
    expect(formatPar({ score: 420, contracts: ['4S-N'] })).toBe('4♠ by N, +420');
    expect(formatPar({ score: -630, contracts: ['3N-EW+1'] })).toBe('3NT+1 by EW, -630');
  });

  it('gives a sacrifice going down with a score for the side that doubled it', () => {
    expect(formatPar({ score: 300, contracts: ['5H*-EW-2'] })).toBe('5♥x by EW, down 2, +300');
  });

  it('lets contracts of the same seats going down as many tricks share their "by"', () => {
    expect(formatPar({ score: 300, contracts: ['5C*-EW-2', '5D*-EW-2', '5H*-EW-2'] })).toBe('5♣x, 5♦x, 5♥x by EW, down 2, +300');
    expect(formatPar({ score: 400, contracts: ['3N-N', '4H-S'] })).toBe('3NT by N; 4♥ by S, +400');
  });

  it('reads a par of 0 without a contract as passed out', () => {
    expect(formatPar({ score: 0, contracts: [] })).toBe('0 (passed out)');
  });

  it('signs scores', () => {
    expect([signedScore(420), signedScore(-50), signedScore(0)]).toEqual(['+420', '-50', '0']);
  });
});

describe('the makeable level of a strain', () => {
  it('is the tricks over six, none below seven tricks', () => {
    expect([0, 6, 7, 10, 13].map(makeableLevel)).toEqual([null, null, 1, 4, 7]);
  });
});
