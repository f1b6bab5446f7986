import type { Call } from '../table/calls.ts';
import { SUIT_ORDER, type Suit } from '../deal.ts';
import type { Strain } from '../types.ts';

/** A robot's call: the table's calls (`1C` ... `7NT`, `Pass`, `X`, `XX`). */
export type RobotCall = Call;

/**
 * A suit named by its role in a rule: x, y and z stand for any suit, M for a major, m for a minor. Different letters
 * in one rule are different suits.
 */
export type SuitVariable = 'x' | 'y' | 'z' | 'M' | 'm';
export type SuitTerm = Suit | SuitVariable;
/** Inclusive bounds, like [15, 17]. */
export type Range = readonly [min: number, max: number];

/** What the hand (and the auction) must hold for a rule to apply; every key given must hold. */
export interface HandCondition {
  /** High-card points. */
  hcp?: Range;
  /** Cards held in a suit, e.g. `{ M: [4, 13], C: [0, 2] }`. */
  lengths?: Partial<Record<SuitTerm, Range>>;
  /** 4-3-3-3, 4-4-3-2 or 5-3-3-2 (true), or any other shape (false). */
  balanced?: boolean;
  /** Holds a stopper in the suit: A, Kx, Qxx or Jxxx. */
  stopper?: SuitTerm;
  /** Cards held in every suit that nobody has bid yet (takeout doubles). */
  unbidSuits?: Range;
  /** The robot's high-card points plus the fewest that partner has shown. */
  combined?: Range;
  /** Eight or more cards together in the suit, counting the fewest partner has shown. */
  fit?: SuitTerm;
  /** The first suit ranks below the second (clubs lowest, spades highest). */
  below?: readonly [SuitTerm, SuitTerm];
  /** Partner's last call was forcing and the right-hand opponent passed. */
  forced?: boolean;
  /** Partner's last call invited game and the right-hand opponent passed. */
  invited?: boolean;
  /** The robot's side is vulnerable (true) or not (false). */
  vulnerable?: boolean;
  /** Our side has not yet bid a game (3NT, 4 of a major, 5 of a minor), or a slam (a six- or seven-level bid). */
  before?: 'game' | 'slam';
}

/**
 * One line of the system: in an auction like `auction`, a hand meeting `when` makes `call`, which means `explanation`.
 * Auctions are written from the first bid on, the robot being next to call, so the last call is from its right-hand
 * opponent; opponents' calls are in parentheses and P is a pass: `1x (P) 1y (P)` is partner opening, the robot
 * responding and partner rebidding, and now the robot's second call. `...` at the start stands for any calls before.
 * Calls are `Pass`, `X`, `XX`, a bid (`1NT`, `2M`), `cheapest y` (the lowest bid in the strain that is sufficient) or
 * `jump y` (one level higher).
 */
export interface BiddingRule {
  auction: string | readonly string[];
  call: string;
  when?: HandCondition;
  /** Partner may not pass this call (unless the next opponent bids). */
  forcing?: boolean;
  /** Asks partner to bid game with more than a minimum. */
  invitational?: boolean;
  /** The highest level this rule bids at (for `cheapest` and `jump`). */
  maxLevel?: number;
  /** What the call shows, in words; `{x}` becomes the suit's name ("hearts"). */
  explanation: string;
}

/** A call read from the auction. */
export type ParsedCall = { kind: 'Pass' | 'X' | 'XX' } | { kind: 'bid'; level: number; strain: Strain };

type StrainTerm = Strain | SuitVariable;
type CallPattern = { kind: 'Pass' | 'X' | 'XX' } | { kind: 'bid'; level: number; strain: StrainTerm };
export type CallTemplate = { kind: 'Pass' | 'X' | 'XX' } | { kind: 'bid'; level: number | 'cheapest' | 'jump'; strain: StrainTerm };

export interface AuctionPattern {
  /** Whether any calls may come before the tokens (`...`). */
  anyPrefix: boolean;
  tokens: readonly { ours: boolean; call: CallPattern }[];
  /** The variables the auction itself names; the others are tried suit by suit. */
  variables: ReadonlySet<SuitVariable>;
}

export interface CompiledRule {
  rule: BiddingRule;
  patterns: readonly AuctionPattern[];
  call: CallTemplate;
  when: HandCondition;
  /** Every variable of the call and the condition. */
  variables: readonly SuitVariable[];
  /** Whether the condition looks at the hand at all (a rule that doesn't always applies in its auctions). */
  looksAtHand: boolean;
}

export class BiddingRuleError extends Error {
  override name = 'BiddingRuleError';
}

export const STRAIN_ORDER: readonly Strain[] = ['C', 'D', 'H', 'S', 'NT'];
const VARIABLES: readonly SuitVariable[] = ['x', 'y', 'z', 'M', 'm'];
/** The suits each variable may stand for. */
export const VARIABLE_SUITS: Readonly<Record<SuitVariable, readonly Suit[]>> = {
  x: SUIT_ORDER,
  y: SUIT_ORDER,
  z: SUIT_ORDER,
  M: ['S', 'H'],
  m: ['D', 'C'],
};
export const SUIT_NAMES: Readonly<Record<Suit, string>> = { S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' };

export const isVariable = (term: string): term is SuitVariable => (VARIABLES as readonly string[]).includes(term);
const isStrain = (term: string): term is Strain => (STRAIN_ORDER as readonly string[]).includes(term);

/** Reads a call of the table ('1NT', 'Pass', 'X', 'XX'). */
export function parseCall(call: RobotCall): ParsedCall {
  if (call === 'Pass' || call === 'X' || call === 'XX') return { kind: call };
  const level = Number(call[0]);
  const strain = call.slice(1);
  if (!(level >= 1 && level <= 7) || !isStrain(strain)) throw new RangeError(`"${call}" is not a call`);
  return { kind: 'bid', level, strain };
}

/** Writes a parsed call back as the table writes it. */
export const formatCall = (call: ParsedCall): RobotCall => (call.kind === 'bid' ? (`${call.level}${call.strain}` as RobotCall) : call.kind);

function parseBid(text: string): { level: number; strain: StrainTerm } | null {
  const match = /^([1-7])(NT|[CDHS]|[xyzMm])$/.exec(text);
  return match ? { level: Number(match[1]), strain: match[2] as StrainTerm } : null;
}

function parseCallPattern(text: string, where: string): CallPattern {
  const call = text === 'P' ? 'Pass' : text;
  if (call === 'Pass' || call === 'X' || call === 'XX') return { kind: call };
  const bid = parseBid(call);
  if (!bid) throw new BiddingRuleError(`"${text}" in ${where} is not a call (P, X, XX, 1C ... 7NT or a bid in x, y, z, M, m)`);
  return { kind: 'bid', ...bid };
}

function parseAuction(text: string): AuctionPattern {
  const where = `auction "${text}"`;
  const words = text.trim().split(/\s+/).filter(Boolean);
  const anyPrefix = words[0] === '...';
  if (anyPrefix) words.shift();
  const tokens = words.map((word) => {
    const theirs = /^\((.*)\)$/.exec(word);
    return { ours: !theirs, call: parseCallPattern(theirs ? theirs[1]! : word, where) };
  });
  // The robot is next to call, so the last call is an opponent's, the one before partner's, and so on.
  tokens.forEach((token, i) => {
    const ours = (tokens.length - 1 - i) % 2 === 1;
    if (token.ours !== ours)
      throw new BiddingRuleError(`In ${where}, call ${i + 1} must be ${ours ? "our side's" : "an opponent's, in parentheses"}`);
  });
  if (!anyPrefix && tokens[0] && tokens[0].call.kind !== 'bid')
    throw new BiddingRuleError(`${where} starts at the first bid: leading passes are left out`);
  const variables = new Set<SuitVariable>();
  for (const { call } of tokens) if (call.kind === 'bid' && isVariable(call.strain)) variables.add(call.strain);
  return { anyPrefix, tokens, variables };
}

function parseTemplate(text: string): CallTemplate {
  if (text === 'Pass' || text === 'X' || text === 'XX') return { kind: text };
  const relative = /^(cheapest|jump) (NT|[CDHS]|[xyzMm])$/.exec(text);
  if (relative) return { kind: 'bid', level: relative[1] as 'cheapest' | 'jump', strain: relative[2] as StrainTerm };
  const bid = parseBid(text);
  if (!bid) throw new BiddingRuleError(`"${text}" is not a call (Pass, X, XX, 1C ... 7NT, 2M, cheapest y, jump y)`);
  return { kind: 'bid', ...bid };
}

function checkRange(range: Range | undefined, name: string, low: number, high: number): void {
  if (range && !(range[0] <= range[1] && range[0] >= low && range[1] <= high))
    throw new BiddingRuleError(`${name} [${range.join(', ')}] is not within ${low}-${high}`);
}

/** Checks a rule and turns its texts into patterns; throws BiddingRuleError naming what is wrong. */
export function compileRule(rule: BiddingRule): CompiledRule {
  if (!rule.explanation.trim()) throw new BiddingRuleError(`The rule for ${rule.call} after "${String(rule.auction)}" needs an explanation`);
  const auctions = typeof rule.auction === 'string' ? [rule.auction] : rule.auction;
  const patterns = auctions.map(parseAuction);
  const call = parseTemplate(rule.call);
  const when = rule.when ?? {};
  checkRange(when.hcp, 'hcp', 0, 37);
  checkRange(when.combined, 'combined', 0, 40);
  checkRange(when.unbidSuits, 'unbidSuits', 0, 13);
  for (const [term, range] of Object.entries(when.lengths ?? {})) checkRange(range, `length of ${term}`, 0, 13);
  const terms: string[] = [...Object.keys(when.lengths ?? {}), ...(when.below ?? [])];
  if (when.stopper) terms.push(when.stopper);
  if (when.fit) terms.push(when.fit);
  if (call.kind === 'bid') terms.push(call.strain);
  for (const term of terms) if (!isVariable(term) && !isStrain(term)) throw new BiddingRuleError(`"${term}" is neither a suit nor a suit variable`);
  const variables = [...new Set(terms.filter(isVariable))];
  const looksAtHand = ['hcp', 'lengths', 'balanced', 'stopper', 'unbidSuits', 'combined', 'fit'].some((key) => key in when);
  return { rule, patterns, call, when, variables, looksAtHand };
}

/** Fills `{x}` and the like with the suits' names. */
export function explain(explanation: string, bindings: ReadonlyMap<SuitVariable, Suit>): string {
  return explanation.replace(/\{([xyzMm])\}/g, (text, variable: SuitVariable) => {
    const suit = bindings.get(variable);
    return suit ? SUIT_NAMES[suit] : text;
  });
}
