import { isVulnerable } from '../board.ts';
import { SUIT_ORDER, type Hand, type Suit } from '../deal.ts';
import { SEATS, type Seat, type Strain, type Vulnerability } from '../types.ts';
import {
  STRAIN_ORDER,
  VARIABLE_SUITS,
  compileRule,
  explain,
  formatCall,
  isVariable,
  parseCall,
  type AuctionPattern,
  type CallTemplate,
  type CompiledRule,
  type HandCondition,
  type ParsedCall,
  type Range,
  type RobotCall,
  type SuitTerm,
  type SuitVariable,
} from './bidding-language.ts';
import { BIDDING_SYSTEM } from './bidding-system.ts';
import { hasStopper, highCardPoints, isBalanced, suitLengths } from './hand-evaluation.ts';

export type { RobotCall } from './bidding-language.ts';

/** The system, checked once when the module loads: a mistake in the data fails at start, not mid-auction. */
const SYSTEM: readonly CompiledRule[] = BIDDING_SYSTEM.map(compileRule);

const MAX_HCP = 37;
/** The level of a game in each strain; a bid above it needs slam values. */
const GAME_LEVEL: Readonly<Record<Strain, number>> = { C: 5, D: 5, H: 4, S: 4, NT: 3 };
const SLAM_VALUES = 33;

/** What a player's calls have shown: ranges of high-card points and of each suit's length. */
interface Shown {
  hcp: Range;
  lengths: Record<Suit, Range>;
}

const NOTHING_SHOWN: Shown = { hcp: [0, MAX_HCP], lengths: { S: [0, 13], H: [0, 13], D: [0, 13], C: [0, 13] } };

/** The auction as one player sees it before calling. */
interface Situation {
  /** The calls from the first bid on (leading passes left out); the player is next. */
  calls: readonly ParsedCall[];
  /** What partner's calls have shown. */
  partner: Shown;
  /** Partner's last call was forcing and the right-hand opponent passed. */
  forced: boolean;
  /** Partner's last call invited game and the right-hand opponent passed. */
  invited: boolean;
  vulnerable: boolean;
}

interface HandFacts {
  hcp: number;
  lengths: Record<Suit, number>;
  balanced: boolean;
  hand: Hand;
}

type Bindings = ReadonlyMap<SuitVariable, Suit>;

const intersect = (a: Range, b: Range): Range => [Math.max(a[0], b[0]), Math.min(a[1], b[1])];
const isEmpty = (range: Range) => range[0] > range[1];
const within = (value: number, range: Range) => value >= range[0] && value <= range[1];
const strainRank = (strain: Strain) => STRAIN_ORDER.indexOf(strain);

// ---- The auction ----

/** Whether the call at index `i` was made by the side of the player next to call. */
const byOurSide = (calls: readonly ParsedCall[], i: number) => (calls.length - 1 - i) % 2 === 1;

function lastBid(calls: readonly ParsedCall[]): { level: number; strain: Strain } | null {
  for (let i = calls.length - 1; i >= 0; i--) {
    const call = calls[i]!;
    if (call.kind === 'bid') return call;
  }
  return null;
}

function lastNonPass(calls: readonly ParsedCall[]): { call: ParsedCall; ours: boolean } | null {
  for (let i = calls.length - 1; i >= 0; i--) if (calls[i]!.kind !== 'Pass') return { call: calls[i]!, ours: byOurSide(calls, i) };
  return null;
}

/** The lowest level at which a bid in the strain is sufficient. */
function cheapestLevel(calls: readonly ParsedCall[], strain: Strain): number {
  const last = lastBid(calls);
  if (!last) return 1;
  return strainRank(strain) > strainRank(last.strain) ? last.level : last.level + 1;
}

function suitsBid(calls: readonly ParsedCall[], by: 'anyone' | 'opponents'): Set<Suit> {
  const suits = new Set<Suit>();
  calls.forEach((call, i) => {
    if (call.kind === 'bid' && call.strain !== 'NT' && (by === 'anyone' || !byOurSide(calls, i))) suits.add(call.strain);
  });
  return suits;
}

/** Whether our side has already bid a game (or, for 'slam', a slam). */
function ourSideHasBid(calls: readonly ParsedCall[], what: 'game' | 'slam'): boolean {
  return calls.some((call, i) => byOurSide(calls, i) && call.kind === 'bid' && call.level >= (what === 'slam' ? 6 : GAME_LEVEL[call.strain]));
}

// ---- Rules against an auction and a hand ----

function bind(bindings: Map<SuitVariable, Suit>, variable: SuitVariable, suit: Suit): boolean {
  const bound = bindings.get(variable);
  if (bound) return bound === suit;
  if (!VARIABLE_SUITS[variable].includes(suit) || [...bindings.values()].includes(suit)) return false;
  bindings.set(variable, suit);
  return true;
}

/** The suits the auction's variables stand for, or null when the auction does not fit the pattern. */
function matchAuction(pattern: AuctionPattern, calls: readonly ParsedCall[]): Map<SuitVariable, Suit> | null {
  const count = pattern.tokens.length;
  if (pattern.anyPrefix ? calls.length < count : calls.length !== count) return null;
  const offset = calls.length - count;
  const bindings = new Map<SuitVariable, Suit>();
  for (let i = 0; i < count; i++) {
    const expected = pattern.tokens[i]!.call;
    const actual = calls[offset + i]!;
    if (expected.kind !== actual.kind) return null;
    if (expected.kind === 'bid' && actual.kind === 'bid') {
      if (expected.level !== actual.level) return null;
      if (isVariable(expected.strain)) {
        if (actual.strain === 'NT' || !bind(bindings, expected.strain, actual.strain)) return null;
      } else if (expected.strain !== actual.strain) return null;
    }
  }
  return bindings;
}

/**
 * Every way to give the free variables suits, in the order of `preference`. A variable the auction doesn't name never
 * stands for a suit the opponents have bid: a natural system bids its own suits.
 */
function* bindFree(
  free: readonly SuitVariable[],
  bindings: Bindings,
  preference: readonly Suit[],
  theirSuits: ReadonlySet<Suit>,
): Generator<Bindings> {
  const [variable, ...rest] = free;
  if (!variable) {
    yield bindings;
    return;
  }
  for (const suit of preference) {
    if (!VARIABLE_SUITS[variable].includes(suit) || theirSuits.has(suit) || [...bindings.values()].includes(suit)) continue;
    yield* bindFree(rest, new Map(bindings).set(variable, suit), preference, theirSuits);
  }
}

/** Longest suit first; of equal suits, the higher of five-card ones and the lower of shorter ones ("up the line"). */
function suitPreference(lengths: Record<Suit, number>): Suit[] {
  return [...SUIT_ORDER].sort((a, b) => {
    if (lengths[a] !== lengths[b]) return lengths[b] - lengths[a];
    const higherFirst = SUIT_ORDER.indexOf(a) - SUIT_ORDER.indexOf(b);
    return lengths[a] >= 5 ? higherFirst : -higherFirst;
  });
}

const suitOf = (term: SuitTerm, bindings: Bindings): Suit => (isVariable(term) ? bindings.get(term)! : term);

/** The call a rule names in this auction, or null when it is not available (insufficient, above 7, no double). */
function resolveCall(template: CallTemplate, bindings: Bindings, calls: readonly ParsedCall[]): ParsedCall | null {
  if (template.kind === 'Pass') return template;
  if (template.kind !== 'bid') {
    const last = lastNonPass(calls);
    const available = template.kind === 'X' ? last?.call.kind === 'bid' && !last.ours : last?.call.kind === 'X' && !last.ours;
    return available ? template : null;
  }
  const strain: Strain = template.strain === 'NT' ? 'NT' : suitOf(template.strain, bindings);
  const cheapest = cheapestLevel(calls, strain);
  const level = template.level === 'cheapest' ? cheapest : template.level === 'jump' ? cheapest + 1 : template.level;
  return level >= cheapest && level <= 7 ? { kind: 'bid', level, strain } : null;
}

/** The parts of a condition that depend on the auction only, not on the hand. */
function auctionAllows(rule: CompiledRule, bindings: Bindings, situation: Situation, call: ParsedCall): boolean {
  const { when } = rule;
  if (when.forced !== undefined && when.forced !== situation.forced) return false;
  if (when.invited !== undefined && when.invited !== situation.invited) return false;
  if (when.vulnerable !== undefined && when.vulnerable !== situation.vulnerable) return false;
  if (when.before && ourSideHasBid(situation.calls, when.before)) return false;
  if (when.below && SUIT_ORDER.indexOf(suitOf(when.below[0], bindings)) <= SUIT_ORDER.indexOf(suitOf(when.below[1], bindings))) return false;
  if (rule.rule.maxLevel !== undefined && call.kind === 'bid' && call.level > rule.rule.maxLevel) return false;
  return true;
}

function handAllows(when: HandCondition, bindings: Bindings, situation: Situation, facts: HandFacts): boolean {
  if (when.hcp && !within(facts.hcp, when.hcp)) return false;
  if (when.balanced !== undefined && when.balanced !== facts.balanced) return false;
  for (const [term, range] of Object.entries(when.lengths ?? {}) as [SuitTerm, Range][]) {
    if (!within(facts.lengths[suitOf(term, bindings)], range)) return false;
  }
  if (when.stopper && !hasStopper(facts.hand, suitOf(when.stopper, bindings))) return false;
  if (when.unbidSuits) {
    const bid = suitsBid(situation.calls, 'anyone');
    if (SUIT_ORDER.some((suit) => !bid.has(suit) && !within(facts.lengths[suit], when.unbidSuits!))) return false;
  }
  if (when.combined && !within(facts.hcp + situation.partner.hcp[0], when.combined)) return false;
  if (when.fit) {
    const suit = suitOf(when.fit, bindings);
    if (facts.lengths[suit] + situation.partner.lengths[suit][0] < 8) return false;
  }
  return true;
}

const aboveGame = (call: ParsedCall) => call.kind === 'bid' && call.level > GAME_LEVEL[call.strain];

/** Never past game without slam values, whatever a rule says: no 4NT, no five of a major, slams with 33 together. */
function withinGuard(call: ParsedCall, situation: Situation, facts: HandFacts): boolean {
  if (call.kind !== 'bid' || !aboveGame(call)) return true;
  return call.level >= 6 && facts.hcp + situation.partner.hcp[0] >= SLAM_VALUES;
}

interface Choice {
  call: ParsedCall;
  explanation: string;
}

/** The first rule that fits the auction and the hand, with its call. */
function chooseCall(situation: Situation, facts: HandFacts): Choice | null {
  const preference = suitPreference(facts.lengths);
  const theirSuits = suitsBid(situation.calls, 'opponents');
  for (const rule of SYSTEM) {
    for (const pattern of rule.patterns) {
      const bound = matchAuction(pattern, situation.calls);
      if (!bound) continue;
      const free = rule.variables.filter((variable) => !bound.has(variable));
      for (const bindings of bindFree(free, bound, preference, theirSuits)) {
        const call = resolveCall(rule.call, bindings, situation.calls);
        if (!call || !auctionAllows(rule, bindings, situation, call)) continue;
        if (!handAllows(rule.when, bindings, situation, facts) || !withinGuard(call, situation, facts)) continue;
        return { call, explanation: explain(rule.rule.explanation, bindings) };
      }
    }
  }
  return null;
}

// ---- Reading partner's calls ----

/** What a hand must hold to meet a condition; null when no hand can. */
function shownBy(when: HandCondition, bindings: Bindings, situation: Situation): Shown | null {
  let hcp: Range = when.hcp ?? [0, MAX_HCP];
  const partnerMin = situation.partner.hcp[0];
  if (when.combined) hcp = intersect(hcp, [when.combined[0] - partnerMin, when.combined[1] - partnerMin]);
  const lengths = { ...NOTHING_SHOWN.lengths };
  const narrow = (suit: Suit, range: Range) => (lengths[suit] = intersect(lengths[suit], range));
  if (when.balanced) for (const suit of SUIT_ORDER) narrow(suit, [2, 5]);
  for (const [term, range] of Object.entries(when.lengths ?? {}) as [SuitTerm, Range][]) narrow(suitOf(term, bindings), range);
  if (when.stopper) narrow(suitOf(when.stopper, bindings), [1, 13]);
  if (when.fit) {
    const suit = suitOf(when.fit, bindings);
    narrow(suit, [8 - situation.partner.lengths[suit][0], 13]);
  }
  if (when.unbidSuits) {
    const bid = suitsBid(situation.calls, 'anyone');
    for (const suit of SUIT_ORDER) if (!bid.has(suit)) narrow(suit, when.unbidSuits);
  }
  if (isEmpty(hcp) || SUIT_ORDER.some((suit) => isEmpty(lengths[suit]))) return null;
  return { hcp, lengths };
}

const forEachSuit = (range: (suit: Suit) => Range): Shown['lengths'] => ({ S: range('S'), H: range('H'), D: range('D'), C: range('C') });
const union = (a: Range, b: Range): Range => [Math.min(a[0], b[0]), Math.max(a[1], b[1])];
const widen = (a: Shown, b: Shown): Shown => ({ hcp: union(a.hcp, b.hcp), lengths: forEachSuit((suit) => union(a.lengths[suit], b.lengths[suit])) });

/** What a player knows after a further call: both, or the newer when they contradict (a call off the system). */
function narrowShown(before: Shown, call: Shown): Shown {
  const hcp = intersect(before.hcp, call.hcp);
  const lengths = forEachSuit((suit) => intersect(before.lengths[suit], call.lengths[suit]));
  return isEmpty(hcp) || SUIT_ORDER.some((suit) => isEmpty(lengths[suit])) ? call : { hcp, lengths };
}

const sameCall = (a: ParsedCall, b: ParsedCall) => formatCall(a) === formatCall(b);

/**
 * What a call made in this situation shows: every rule that could have made it, taken together (the negative
 * inferences of rules passed over are ignored). A rule that needs nothing of the hand ends the search, since no later
 * rule could ever be reached. Null when no rule makes the call (a call off the system).
 */
interface Reading {
  shown: Shown;
  forcing: boolean;
  invitational: boolean;
}

function readCall(situation: Situation, made: ParsedCall): Reading | null {
  const theirSuits = suitsBid(situation.calls, 'opponents');
  let shown: Shown | null = null;
  let forcing = true;
  let invitational = true;
  rules: for (const rule of SYSTEM) {
    for (const pattern of rule.patterns) {
      const bound = matchAuction(pattern, situation.calls);
      if (!bound) continue;
      const free = rule.variables.filter((variable) => !bound.has(variable));
      let alwaysApplies = false;
      for (const bindings of bindFree(free, bound, SUIT_ORDER, theirSuits)) {
        const call = resolveCall(rule.call, bindings, situation.calls);
        if (!call || !auctionAllows(rule, bindings, situation, call)) continue;
        if (sameCall(call, made)) {
          const candidate = shownBy(rule.when, bindings, situation);
          if (candidate) {
            shown = shown ? widen(shown, candidate) : candidate;
            forcing &&= rule.rule.forcing === true;
            invitational &&= rule.rule.invitational === true;
          }
        }
        if (!rule.looksAtHand && !aboveGame(call)) alwaysApplies = true;
      }
      if (alwaysApplies) break rules;
    }
  }
  return shown && { shown, forcing, invitational };
}

/** The robot's view of the auction: what partner has shown, read call by call with the system itself. */
function readAuction(calls: readonly ParsedCall[], dealer: Seat, seat: Seat, vulnerable: boolean): Situation {
  const shown = { me: NOTHING_SHOWN, partner: NOTHING_SHOWN };
  const readings: (Reading | null)[] = [];
  const situationBefore = (index: number, partner: Shown): Situation => {
    const before = calls.slice(0, index);
    const firstBid = before.findIndex((call) => call.kind !== 'Pass');
    // Partner's last call binds us only if the opponent after it passed.
    const partnersLast = index >= 2 && calls[index - 1]!.kind === 'Pass' ? readings[index - 2] : null;
    return {
      calls: firstBid < 0 ? [] : before.slice(firstBid),
      partner,
      forced: partnersLast?.forcing === true,
      invited: partnersLast?.invitational === true,
      vulnerable,
    };
  };
  const offset = SEATS.indexOf(dealer) - SEATS.indexOf(seat) + 4;
  calls.forEach((call, index) => {
    const relation = (offset + index) % 4;
    // An opponent's call: their system is not ours to read.
    if (relation % 2 === 1) return readings.push(null);
    const [who, other] = relation === 0 ? (['me', 'partner'] as const) : (['partner', 'me'] as const);
    const reading = readCall(situationBefore(index, shown[other]), call);
    readings.push(reading);
    if (reading) shown[who] = narrowShown(shown[who], reading.shown);
  });
  return situationBefore(calls.length, shown.partner);
}

// ---- The robot ----

/**
 * The robot's call for `seat` in the auction so far (calls from the dealer on), with what it means in the system.
 * A call that `isLegal` refuses becomes a pass; throws when it is not the seat's turn or no call is legal.
 */
export function robotCall(
  hand: Hand,
  seat: Seat,
  dealer: Seat,
  calls: readonly RobotCall[],
  vulnerability: Vulnerability,
  isLegal: (call: RobotCall) => boolean,
): { call: RobotCall; explanation: string } {
  const turn = SEATS[(SEATS.indexOf(dealer) + calls.length) % 4];
  if (turn !== seat) throw new RangeError(`It is ${turn}'s turn to call, not ${seat}'s`);
  const situation = readAuction(calls.map(parseCall), dealer, seat, isVulnerable(vulnerability, seat));
  const facts: HandFacts = { hcp: highCardPoints(hand), lengths: suitLengths(hand), balanced: isBalanced(hand), hand };
  const choice = chooseCall(situation, facts);
  if (choice && isLegal(formatCall(choice.call))) return { call: formatCall(choice.call), explanation: choice.explanation };
  if (!isLegal('Pass')) throw new RangeError('No call is legal: the auction is over');
  return { call: 'Pass', explanation: choice ? 'The call the system wants is not allowed here' : 'No call of the system fits' };
}
