import type { Strain } from '../types.ts';

type Level = 1 | 2 | 3 | 4 | 5 | 6 | 7;
/** A bid from the bidding box: a level and a strain, `1C` ... `7NT`. */
export type Bid = `${Level}${Strain}`;
/** A call of the auction (Law 18): a bid, a pass, a double or a redouble. */
export type Call = Bid | 'Pass' | 'X' | 'XX';

const LEVELS: readonly Level[] = [1, 2, 3, 4, 5, 6, 7];
const STRAIN_ORDER: readonly Strain[] = ['C', 'D', 'H', 'S', 'NT'];

/** The 35 bids from lowest to highest, the order in which a bid must be sufficient (Law 18D). */
export const BIDS: readonly Bid[] = LEVELS.flatMap((level) => STRAIN_ORDER.map((strain): Bid => `${level}${strain}`));

/** Reads a call as a player types it: `1nt`, `1N`, `4s`, `P`, `pass`, `x`, `xx`; null when it is none. */
export function parseCall(text: string): Call | null {
  const word = text.trim().toUpperCase();
  if (word === 'P' || word === 'PASS') return 'Pass';
  if (word === 'X' || word === 'XX') return word;
  const bid = /^([1-7])(C|D|H|S|NT?)$/.exec(word);
  if (!bid) return null;
  return `${bid[1]}${bid[2] === 'N' ? 'NT' : bid[2]}` as Bid;
}

/** Whether a call is a bid (not a pass, double or redouble). */
export const isBid = (call: Call): call is Bid => BIDS.includes(call as Bid);

/** The level of a bid, 1-7. */
export const bidLevel = (bid: Bid): Level => Number(bid[0]) as Level;

/** The strain of a bid. */
export const bidStrain = (bid: Bid): Strain => bid.slice(1) as Strain;
