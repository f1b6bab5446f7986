import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Seat } from '../types.ts';
import { auctionOver, callProblem, finalContract, isLegalCall, legalCalls, seatToCall } from './auction.ts';
import { BIDS, bidStrain, isBid, type Call } from './calls.ts';
import { seatAfter } from './seats.ts';

const auction = (text: string): Call[] => (text ? (text.split(' ') as Call[]) : []);

describe('the auction: which calls are legal', () => {
  // Dealer North throughout; the seat to call is the one after the last call shown.
  it.each([
    ['', ['Pass']],
    ['Pass', ['Pass']],
    ['1H', ['Pass', 'X']],
    ['1H Pass', ['Pass']],
    ['1H Pass Pass', ['Pass', 'X']],
    ['1H X', ['Pass', 'XX']],
    ['1H X Pass', ['Pass']],
    ['1H X Pass Pass', ['Pass', 'XX']],
    ['1H X XX', ['Pass']],
    ['1H X XX Pass', ['Pass']],
    ['1H X XX Pass Pass', ['Pass']],
    ['1H Pass Pass X', ['Pass', 'XX']],
    ['1H Pass Pass X Pass', ['Pass']],
    ['1H X 2C', ['Pass', 'X']],
    ['Pass Pass Pass 1C Pass Pass', ['Pass', 'X']],
  ])('after %j the calls other than bids are %j', (calls, expected) => {
    expect(legalCalls('N', auction(calls)).filter((call) => !isBid(call))).toEqual(expected);
  });

  it('lists the legal calls in bidding-box order: Pass, X, XX, then the sufficient bids upwards', () => {
    expect(legalCalls('N', [])).toEqual(['Pass', ...BIDS]);
    expect(legalCalls('N', auction('1H'))).toEqual(['Pass', 'X', ...BIDS.slice(BIDS.indexOf('1S'))]);
    expect(legalCalls('E', auction('1NT X'))).toEqual(['Pass', 'XX', ...BIDS.slice(BIDS.indexOf('2C'))]);
    expect(legalCalls('N', auction('7NT'))).toEqual(['Pass', 'X']);
  });

  it.each([
    ['1H', '1C', '1C is not sufficient over 1H'],
    ['1H', '1H', '1H is not sufficient over 1H'],
    ['1NT Pass', '1S', '1S is not sufficient over 1NT'],
    ['1H X', '1D', '1D is not sufficient over 1H'],
    ['7NT', '7NT', '7NT is not sufficient over 7NT'],
  ])('after %j the insufficient bid %s is refused', (calls, call, message) => {
    expect(callProblem('N', auction(calls), call as Call)).toBe(message);
    expect(isLegalCall('N', auction(calls), call as Call)).toBe(false);
  });

  it.each([
    ['', 'X'],
    ['Pass', 'X'],
    ['1H Pass', 'X'],
    ['1H X', 'X'],
    ['1H X XX', 'X'],
    ['1H Pass Pass X Pass', 'X'],
  ])("after %j a double is refused: it is not of an opponent's undoubled bid", (calls, call) => {
    expect(callProblem('N', auction(calls), call as Call)).toBe("A double is allowed only over an opponent's undoubled bid");
  });

  it.each([
    ['', 'XX'],
    ['1H', 'XX'],
    ['1H X Pass', 'XX'],
    ['1H X XX', 'XX'],
    ['1H Pass Pass X Pass', 'XX'],
  ])("after %j a redouble is refused: it is not of an opponent's double of one's own side", (calls, call) => {
    expect(callProblem('N', auction(calls), call as Call)).toBe("A redouble is allowed only over an opponent's double of your side's bid");
  });

  it.each([
    ['1H Pass Pass', 'X'],
    ['1H X Pass Pass', 'XX'],
    ['1H Pass Pass X', 'XX'],
    ['1H X XX', '1S'],
    ['1H X XX Pass Pass', '2C'],
  ])('after %j the call %s is legal', (calls, call) => {
    expect(callProblem('N', auction(calls), call as Call)).toBeNull();
  });
});

describe('the end of the auction', () => {
  it.each([
    ['', false],
    ['Pass Pass Pass', false],
    ['Pass Pass Pass Pass', true],
    ['1C', false],
    ['1C Pass Pass', false],
    ['1C Pass Pass Pass', true],
    ['Pass Pass Pass 1C Pass Pass', false],
    ['Pass Pass Pass 1C Pass Pass Pass', true],
    ['1C X Pass Pass', false],
    ['1C X Pass Pass Pass', true],
    ['1C X XX Pass Pass Pass', true],
  ])('%j is over: %s', (calls, over) => {
    expect(auctionOver(auction(calls))).toBe(over);
  });

  it('takes no call once it is over', () => {
    for (const calls of ['Pass Pass Pass Pass', '1C Pass Pass Pass']) {
      expect(legalCalls('N', auction(calls))).toEqual([]);
      expect(seatToCall('N', auction(calls))).toBeNull();
      expect(callProblem('N', auction(calls), 'Pass')).toBe('The auction is over');
    }
  });

  it('passes the call clockwise from the dealer', () => {
    expect(seatToCall('W', [])).toBe('W');
    expect(seatToCall('W', auction('Pass 1C'))).toBe('E');
  });
});

describe('the final contract and the declarer', () => {
  it.each([
    ['N', '', null],
    ['N', '1H Pass Pass', null],
    ['N', 'Pass Pass Pass Pass', { contract: { level: 0, strain: 'NT', doubled: 0 }, declarer: null }],
    ['N', '1H Pass Pass Pass', { contract: { level: 1, strain: 'H', doubled: 0 }, declarer: 'N' }],
    ['E', 'Pass Pass Pass 1C Pass Pass Pass', { contract: { level: 1, strain: 'C', doubled: 0 }, declarer: 'N' }],
    // South named hearts first for its side: it declares though North bid them last.
    ['N', '1C Pass 1H Pass 2H Pass Pass Pass', { contract: { level: 2, strain: 'H', doubled: 0 }, declarer: 'S' }],
    // East named hearts first, but South was the first of the side that won the auction.
    ['N', '1S 2H 3H Pass 4H Pass Pass Pass', { contract: { level: 4, strain: 'H', doubled: 0 }, declarer: 'S' }],
    ['N', '1H X Pass Pass Pass', { contract: { level: 1, strain: 'H', doubled: 1 }, declarer: 'N' }],
    ['N', '1H X XX Pass Pass Pass', { contract: { level: 1, strain: 'H', doubled: 2 }, declarer: 'N' }],
    ['N', '1H X 2C Pass Pass Pass', { contract: { level: 2, strain: 'C', doubled: 0 }, declarer: 'S' }],
    ['S', '1NT Pass 3NT X Pass Pass Pass', { contract: { level: 3, strain: 'NT', doubled: 1 }, declarer: 'S' }],
  ])('dealer %s, %j gives %j', (dealer, calls, expected) => {
    expect(finalContract(dealer as Seat, auction(calls))).toEqual(expected);
  });

  it('names as declarer a player of the last bidder’s side who bid the final strain before partner did', () => {
    const dealers = fc.constantFrom<Seat>('N', 'E', 'S', 'W');
    const choices = fc.array(fc.nat(), { minLength: 1, maxLength: 60 });
    fc.assert(
      fc.property(dealers, choices, (dealer, picks) => {
        const calls: Call[] = [];
        for (const pick of picks) {
          const legal = legalCalls(dealer, calls);
          if (legal.length === 0) break;
          calls.push(pick % 2 === 0 ? 'Pass' : legal[pick % legal.length]!);
        }
        while (!auctionOver(calls)) calls.push('Pass');
        const final = finalContract(dealer, calls)!;
        const lastBid = calls.findLastIndex(isBid);
        if (lastBid < 0) {
          expect(final.declarer).toBeNull();
          return;
        }
        const byDeclarer = calls.findIndex(
          (_, i) => seatAfter(dealer, i) === final.declarer && isBid(calls[i]!) && bidStrain(calls[i]) === final.contract.strain,
        );
        const byPartner = calls.findIndex(
          (_, i) => seatAfter(dealer, i) === seatAfter(final.declarer!, 2) && isBid(calls[i]!) && bidStrain(calls[i]) === final.contract.strain,
        );
        expect((lastBid - byDeclarer) % 2).toBe(0);
        expect(byDeclarer).toBeGreaterThanOrEqual(0);
        expect(byPartner < 0 || byPartner > byDeclarer).toBe(true);
      }),
    );
  });
});
