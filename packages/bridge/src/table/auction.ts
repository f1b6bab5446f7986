import type { Contract, Doubling, Seat } from '../types.ts';
import { BIDS, bidLevel, bidStrain, isBid, type Bid, type Call } from './calls.ts';
import { seatAfter } from './seats.ts';

/** A call as made at the table, with its alert and the explanation the opponents may read. */
export interface AuctionCall {
  seat: Seat;
  call: Call;
  alert: boolean;
  explanation?: string;
}

/** The last call other than a pass, with how many calls ago it was made (1 = the previous call). */
function lastAction(calls: readonly Call[]): { call: Call; callsAgo: number } | null {
  for (let i = calls.length - 1; i >= 0; i--) if (calls[i] !== 'Pass') return { call: calls[i]!, callsAgo: calls.length - i };
  return null;
}

const lastBid = (calls: readonly Call[]): Bid | null => calls.findLast(isBid) ?? null;

/** Whether the auction has ended: three passes after a call, or four passes at the start (Law 17E). */
export function auctionOver(calls: readonly Call[]): boolean {
  const last = lastAction(calls);
  return last ? last.callsAgo > 3 : calls.length >= 4;
}

/** The seat to call next, or null when the auction is over. */
export function seatToCall(dealer: Seat, calls: readonly Call[]): Seat | null {
  return auctionOver(calls) ? null : seatAfter(dealer, calls.length);
}

/** Why a call may not be made now (Laws 18-19), or null when it is legal. */
export function callProblem(dealer: Seat, calls: readonly Call[], call: Call): string | null {
  if (auctionOver(calls)) return 'The auction is over';
  if (call === 'Pass') return null;
  const last = lastAction(calls);
  // An odd distance back means the call was made by an opponent of the seat to call.
  const byOpponent = last !== null && last.callsAgo % 2 === 1;
  if (call === 'X') return last && isBid(last.call) && byOpponent ? null : "A double is allowed only over an opponent's undoubled bid";
  if (call === 'XX') return last?.call === 'X' && byOpponent ? null : "A redouble is allowed only over an opponent's double of your side's bid";
  if (!isBid(call)) return `"${String(call)}" is not a call`;
  const previous = lastBid(calls);
  if (previous && BIDS.indexOf(call) <= BIDS.indexOf(previous)) return `${call} is not sufficient over ${previous}`;
  return null;
}

/** Whether `call` is legal for the seat to call now. */
export const isLegalCall = (dealer: Seat, calls: readonly Call[], call: Call): boolean => callProblem(dealer, calls, call) === null;

/** Every call legal now in bidding-box order: Pass, X, XX, then the sufficient bids upwards; empty once the auction is over. */
export function legalCalls(dealer: Seat, calls: readonly Call[]): Call[] {
  if (auctionOver(calls)) return [];
  const previous = lastBid(calls);
  const bids = previous ? BIDS.slice(BIDS.indexOf(previous) + 1) : BIDS;
  return (['Pass', 'X', 'XX'] as Call[]).filter((call) => isLegalCall(dealer, calls, call)).concat(bids);
}

/**
 * The final contract once the auction is over (null while it runs): a level-0 contract with no declarer when
 * passed out. The declarer is the first of the side that won the auction to name the final strain.
 */
export function finalContract(dealer: Seat, calls: readonly Call[]): { contract: Contract; declarer: Seat | null } | null {
  if (!auctionOver(calls)) return null;
  const finalIndex = calls.findLastIndex(isBid);
  if (finalIndex < 0) return { contract: { level: 0, strain: 'NT', doubled: 0 }, declarer: null };
  const final = calls[finalIndex] as Bid;
  const strain = bidStrain(final);
  // Calls of the same side are an even distance apart.
  const first = calls.findIndex((call, i) => (finalIndex - i) % 2 === 0 && isBid(call) && bidStrain(call) === strain);
  const last = lastAction(calls)!.call;
  const doubled: Doubling = last === 'XX' ? 2 : last === 'X' ? 1 : 0;
  return { contract: { level: bidLevel(final), strain, doubled }, declarer: seatAfter(dealer, first) };
}
