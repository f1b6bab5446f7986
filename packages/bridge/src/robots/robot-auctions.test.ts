import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dealerOf, vulnerabilityOf } from '../board.ts';
import type { Deal } from '../deal.ts';
import { DEAL_COUNT, dealFromIndex, randomDeal, seededRandom } from '../random-deal.ts';
import { SEATS, type Seat, type Vulnerability } from '../types.ts';
import { highCardPoints } from './hand-evaluation.ts';
import { robotCall, type RobotCall } from './robot-call.ts';

// Four robots bid whole deals. The table's own auction rules live elsewhere; this is a plain reading of the Laws
// (Law 18-22) so that every robot call can be checked against them.

const STRAINS = ['C', 'D', 'H', 'S', 'NT'];
const ALL_CALLS: RobotCall[] = [
  'Pass',
  'X',
  'XX',
  ...[1, 2, 3, 4, 5, 6, 7].flatMap((level) => STRAINS.map((strain) => `${level}${strain}` as RobotCall)),
];
const isBid = (call: RobotCall) => /^[1-7]/.test(call);
const bidRank = (call: RobotCall) => (Number(call[0]) - 1) * 5 + STRAINS.indexOf(call.slice(1));

/** Three passes after a bid, or four passes at the start. */
function auctionIsOver(calls: readonly RobotCall[]): boolean {
  if (calls.length < 4) return false;
  return calls.some(isBid) ? calls.slice(-3).every((call) => call === 'Pass') : true;
}

/** A bid must be sufficient; a double needs an opponent's undoubled bid, a redouble a double of our side's bid. */
function isLegalCall(calls: readonly RobotCall[], call: RobotCall): boolean {
  if (auctionIsOver(calls)) return false;
  if (call === 'Pass') return true;
  const lastIndex = calls.findLastIndex((c) => c !== 'Pass');
  const byOpponent = lastIndex >= 0 && (calls.length - lastIndex) % 2 === 1;
  if (call === 'X') return byOpponent && isBid(calls[lastIndex]!);
  if (call === 'XX') return byOpponent && calls[lastIndex] === 'X';
  const lastBid = calls.findLast(isBid);
  return !lastBid || bidRank(call) > bidRank(lastBid);
}

const MAX_CALLS = 40;

interface Auction {
  calls: RobotCall[];
  explanations: string[];
  /** Each call's seat. */
  seats: Seat[];
}

/** Four robots bid the deal round the table, each asked with the table's legality check (refusing `refused` too). */
function bidDeal(deal: Deal, dealer: Seat, vulnerability: Vulnerability, refused: ReadonlySet<RobotCall> = new Set()): Auction {
  const auction: Auction = { calls: [], explanations: [], seats: [] };
  while (!auctionIsOver(auction.calls)) {
    if (auction.calls.length >= MAX_CALLS) throw new Error(`The auction ran past ${MAX_CALLS} calls: ${auction.calls.join(' ')}`);
    const seat = SEATS[(SEATS.indexOf(dealer) + auction.calls.length) % 4]!;
    const before = [...auction.calls];
    const { call, explanation } = robotCall(deal[seat]!, seat, dealer, before, vulnerability, (c) => !refused.has(c) && isLegalCall(before, c));
    expect(isLegalCall(before, call), `${seat} bid ${call} after ${before.join(' ') || 'nothing'}`).toBe(true);
    expect(refused.has(call)).toBe(false);
    auction.calls.push(call);
    auction.explanations.push(explanation);
    auction.seats.push(seat);
  }
  return auction;
}

const GAME_LEVEL: Record<string, number> = { C: 5, D: 5, H: 4, S: 4, NT: 3 };
const pairOf = (seat: Seat) => (seat === 'N' || seat === 'S' ? 'NS' : 'EW');
const pairPoints = (deal: Deal, pair: 'NS' | 'EW') =>
  SEATS.filter((seat) => pairOf(seat) === pair).reduce((sum, seat) => sum + highCardPoints(deal[seat]!), 0);

/** The final contract's bid and the pair that named it, or null when the board is passed out. */
function finalContract(auction: Auction): { bid: RobotCall; pair: 'NS' | 'EW' } | null {
  const index = auction.calls.findLastIndex(isBid);
  return index < 0 ? null : { bid: auction.calls[index]!, pair: pairOf(auction.seats[index]!) };
}

const isGameOrMore = (bid: RobotCall) => Number(bid[0]) >= GAME_LEVEL[bid.slice(1)]!;

const anyDeal = fc.bigInt({ min: 0n, max: DEAL_COUNT - 1n }).map(dealFromIndex);
const anySeat = fc.constantFrom(...SEATS);
const anyVulnerability = fc.constantFrom<Vulnerability>('None', 'NS', 'EW', 'All');

describe('four robots bidding random deals', () => {
  it('make only legal calls, explain every bid, double and redouble, and end the auction', () => {
    fc.assert(
      fc.property(anyDeal, anySeat, anyVulnerability, (deal, dealer, vulnerability) => {
        const auction = bidDeal(deal, dealer, vulnerability);
        expect(auctionIsOver(auction.calls)).toBe(true);
        auction.calls.forEach((call, i) => {
          if (call !== 'Pass') expect(auction.explanations[i]!.trim()).not.toBe('');
        });
      }),
      { numRuns: 300 },
    );
  });

  it('never return a call the table refuses, whatever it refuses', () => {
    const refusable = ALL_CALLS.filter((call) => call !== 'Pass');
    fc.assert(
      fc.property(anyDeal, anySeat, anyVulnerability, fc.uniqueArray(fc.constantFrom(...refusable)), (deal, dealer, vulnerability, refused) => {
        bidDeal(deal, dealer, vulnerability, new Set(refused));
      }),
      { numRuns: 200 },
    );
  });

  it('bid past game only with the values for slam (33 HCP in the pair)', () => {
    fc.assert(
      fc.property(anyDeal, anySeat, anyVulnerability, (deal, dealer, vulnerability) => {
        const auction = bidDeal(deal, dealer, vulnerability);
        auction.calls.forEach((call, i) => {
          if (isBid(call) && Number(call[0]) > GAME_LEVEL[call.slice(1)]!) {
            expect(pairPoints(deal, pairOf(auction.seats[i]!))).toBeGreaterThanOrEqual(33);
          }
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe('500 seeded boards bid by four robots', () => {
  const random = seededRandom(2024);
  const boards = Array.from({ length: 500 }, (_, i) => {
    const board = i + 1;
    const { deal } = randomDeal(random);
    return { deal, auction: bidDeal(deal, dealerOf(board), vulnerabilityOf(board)) };
  });
  const pairs = boards.flatMap(({ deal, auction }) =>
    (['NS', 'EW'] as const).map((pair) => {
      const contract = finalContract(auction);
      return { points: pairPoints(deal, pair), game: contract !== null && contract.pair === pair && isGameOrMore(contract.bid) };
    }),
  );
  const gameRate = (selected: typeof pairs) => selected.filter((pair) => pair.game).length / selected.length;

  it('reach game in at least 80% of the hands where a pair holds 26+ HCP', () => {
    const strong = pairs.filter((pair) => pair.points >= 26);
    expect(strong.length).toBeGreaterThan(80);
    expect(gameRate(strong)).toBeGreaterThanOrEqual(0.8);
  });

  it('seldom bid game with 20 HCP or fewer between them', () => {
    const weak = pairs.filter((pair) => pair.points <= 20);
    expect(gameRate(weak)).toBeLessThan(0.05);
  });

  it('open the bidding on most boards and pass out only hands without an opening', () => {
    const passedOut = boards.filter(({ auction }) => finalContract(auction) === null);
    for (const { deal } of passedOut) for (const seat of SEATS) expect(highCardPoints(deal[seat]!)).toBeLessThan(12);
    expect(passedOut.length).toBeLessThan(50);
  });
});
